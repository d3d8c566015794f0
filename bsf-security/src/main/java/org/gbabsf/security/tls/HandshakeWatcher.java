package org.gbabsf.security.tls;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * Sits behind a Netty {@code SslHandler} and reports a failed handshake to {@link TlsEvents} (the
 * handler has already refused the peer and closes the connection). Stateless and shareable.
 */
@io.netty.channel.ChannelHandler.Sharable
public final class HandshakeWatcher extends ChannelInboundHandlerAdapter {

  private final TlsEvents events;

  /** Reports to {@code events}. */
  public HandshakeWatcher(TlsEvents events) {
    this.events = events;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt instanceof SslHandshakeCompletionEvent done && !done.isSuccess()) {
      events.failed(ctx.channel().remoteAddress(), done.cause());
    }
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A failed handshake also arrives here (as a DecoderException); it was reported above.
    if (cause instanceof io.netty.handler.codec.DecoderException
        && cause.getCause() instanceof javax.net.ssl.SSLException) {
      ctx.close();
      return;
    }
    ctx.fireExceptionCaught(cause);
  }
}
