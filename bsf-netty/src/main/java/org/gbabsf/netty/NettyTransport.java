package org.gbabsf.netty;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.Errors;
import java.net.BindException;
import java.util.Locale;
import java.util.concurrent.ThreadFactory;

/**
 * The I/O transport of every Netty interface of the process: Linux's native epoll where its library
 * loads (Linux x86_64), else Java NIO. One choice for the process ({@link #select}), made at start
 * from {@code io.transport}; event loops and channels must come from the same transport, so clients
 * given a caller's event loops take the channel type from them ({@link #of}).
 */
public enum NettyTransport {

  /** Java NIO: everywhere. */
  NIO,

  /** Linux epoll through netty-transport-native-epoll: fewer copies and wake-ups than NIO. */
  EPOLL;

  private static volatile NettyTransport current = best();

  /** The transport in use. */
  public static NettyTransport current() {
    return current;
  }

  /** {@code threads} event loops of the transport in use (0: Netty's default count). */
  public static EventLoopGroup loops(int threads) {
    return current.group(threads);
  }

  /** {@code threads} event loops of the transport in use, on threads from {@code threadFactory}. */
  public static EventLoopGroup loops(int threads, ThreadFactory threadFactory) {
    return current.group(threads, threadFactory);
  }

  /**
   * Selects the transport for the process: {@code auto} (epoll where available, else NIO), {@code
   * nio} or {@code epoll}. Call it before any event loop is made.
   *
   * @throws IllegalArgumentException for another name, or for epoll where it is not available (the
   *     message says why)
   */
  public static NettyTransport select(String choice) {
    NettyTransport chosen;
    switch (choice.toLowerCase(Locale.ROOT)) {
      case "auto":
        chosen = best();
        break;
      case "nio":
        chosen = NIO;
        break;
      case "epoll":
        if (!Epoll.isAvailable()) {
          throw new IllegalArgumentException(
              "io.transport: epoll is not available here: " + Epoll.unavailabilityCause());
        }
        chosen = EPOLL;
        break;
      default:
        throw new IllegalArgumentException("io.transport: not one of auto, nio, epoll: " + choice);
    }
    current = chosen;
    return chosen;
  }

  /** Epoll where its native library loads, else NIO. */
  private static NettyTransport best() {
    return Epoll.isAvailable() ? EPOLL : NIO;
  }

  /** Why epoll is not in use, when it is not available; empty when it is. */
  public static String epollUnavailability() {
    Throwable cause = Epoll.unavailabilityCause();
    return cause == null ? "" : cause.toString();
  }

  /** The transport whose channels {@code group}'s event loops can serve. */
  public static NettyTransport of(EventLoopGroup group) {
    if (group instanceof IoEventLoopGroup
        && ((IoEventLoopGroup) group).isIoType(EpollIoHandler.class)) {
      return EPOLL;
    }
    return NIO;
  }

  /** Linux's EADDRINUSE; epoll reports it as a negative errno. */
  private static final int EADDRINUSE = 98;

  /**
   * The cause of a failed bind as the JDK would report it: epoll's "bind(..) failed: Address
   * already in use" is a {@code NativeIoException}, where NIO throws a {@link BindException}; this
   * turns the first into the second (the original as its cause), so that callers recognise a taken
   * port whatever the transport. Any other cause is returned as it is.
   */
  public static Throwable bindFailure(Throwable cause) {
    if (cause instanceof Errors.NativeIoException
        && ((Errors.NativeIoException) cause).expectedErr() == -EADDRINUSE) {
      BindException bind = new BindException(cause.getMessage());
      bind.initCause(cause);
      return bind;
    }
    return cause;
  }

  /** The handler factory of this transport's event loops. */
  public IoHandlerFactory ioHandlerFactory() {
    return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
  }

  /** {@code threads} event loops of this transport (0: Netty's default count). */
  public EventLoopGroup group(int threads) {
    return new MultiThreadIoEventLoopGroup(threads, ioHandlerFactory());
  }

  /** {@code threads} event loops of this transport, on threads from {@code threadFactory}. */
  public EventLoopGroup group(int threads, ThreadFactory threadFactory) {
    return new MultiThreadIoEventLoopGroup(threads, threadFactory, ioHandlerFactory());
  }

  /** The listening channel type. */
  public Class<? extends ServerSocketChannel> serverChannel() {
    return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
  }

  /** The datagram channel type (the DNS resolver's). */
  public Class<? extends DatagramChannel> datagramChannel() {
    return this == EPOLL ? EpollDatagramChannel.class : NioDatagramChannel.class;
  }

  /** The connecting channel type. */
  public Class<? extends SocketChannel> socketChannel() {
    return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
  }
}
