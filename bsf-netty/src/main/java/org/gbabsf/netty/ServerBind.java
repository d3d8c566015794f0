package org.gbabsf.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Binds a Netty server and turns a failure into an exception the caller can see: Netty's {@code
 * sync()} rethrows a {@code BindException} that no signature declares, which slips past ordinary
 * catch blocks and leaves the caller's event loops running.
 */
public final class ServerBind {

  private ServerBind() {}

  /**
   * Binds {@code bootstrap} to {@code address:port}.
   *
   * @throws UncheckedIOException wrapping the {@code BindException} (or other I/O error) if the
   *     port cannot be bound; its message names {@code what} and the address
   * @throws InterruptedException if interrupted while binding
   */
  public static Channel bind(ServerBootstrap bootstrap, String address, int port, String what)
      throws InterruptedException {
    ChannelFuture bound = bootstrap.bind(address, port).await();
    if (bound.isSuccess()) {
      return bound.channel();
    }
    Throwable cause = NettyTransport.bindFailure(bound.cause());
    String where = what + " cannot listen on " + address + ":" + port;
    if (cause instanceof IOException io) {
      throw new UncheckedIOException(where + ": " + io.getMessage(), io);
    }
    throw new IllegalStateException(where, cause);
  }
}
