package org.gbabsf.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;

/**
 * The event loops of one server, on the process's transport ({@link NettyTransport#current()}): an
 * acceptor loop and {@code ioThreads} worker loops, or one loop doing both for a small server (the
 * admin port). Every server of the process starts from {@link #bootstrap()} and ends with {@link
 * #close()}, so that none repeats the transport choice or the shutdown.
 */
public final class ServerLoops implements AutoCloseable {

  private final EventLoopGroup boss;
  private final EventLoopGroup workers;

  private ServerLoops(EventLoopGroup boss, EventLoopGroup workers) {
    this.boss = boss;
    this.workers = workers;
  }

  /** An acceptor loop and {@code ioThreads} worker loops (0: Netty's default, twice the cores). */
  public static ServerLoops of(int ioThreads) {
    EventLoopGroup boss = NettyTransport.current().group(1);
    return new ServerLoops(boss, NettyTransport.of(boss).group(ioThreads));
  }

  /** One loop that accepts and serves. */
  public static ServerLoops single() {
    EventLoopGroup one = NettyTransport.current().group(1);
    return new ServerLoops(one, one);
  }

  /** The loops that serve the accepted connections. */
  public EventLoopGroup workers() {
    return workers;
  }

  /** A bootstrap on these loops with the transport's listening channel type. */
  public ServerBootstrap bootstrap() {
    return new ServerBootstrap()
        .group(boss, workers)
        .channel(NettyTransport.of(boss).serverChannel());
  }

  /** Shuts the loops down (no quiet period, at most 2 s each) and waits for them. */
  @Override
  public void close() {
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    if (workers != boss) {
      workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }
}
