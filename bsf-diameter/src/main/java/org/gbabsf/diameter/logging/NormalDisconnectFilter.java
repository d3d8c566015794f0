package org.gbabsf.diameter.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Drops the ERROR jdiameter's {@code TCPTransportClient} logs on every normal disconnect (a {@code
 * ClosedChannelException} or {@code AsynchronousCloseException} while its reader waits), and
 * nothing else: real transport errors ("Unable to send message", resets) stay visible. Peer state
 * changes are logged by {@code DiameterNode} itself.
 */
public final class NormalDisconnectFilter extends Filter<ILoggingEvent> {

  private static final String TRANSPORT =
      "org.jdiameter.client.impl.transport.tcp.TCPTransportClient";

  @Override
  public FilterReply decide(ILoggingEvent event) {
    if (!TRANSPORT.equals(event.getLoggerName())) {
      return FilterReply.NEUTRAL;
    }
    IThrowableProxy t = event.getThrowableProxy();
    if (t != null
        && (t.getClassName().equals("java.nio.channels.ClosedChannelException")
            || t.getClassName().equals("java.nio.channels.AsynchronousCloseException"))) {
      return FilterReply.DENY;
    }
    return FilterReply.NEUTRAL;
  }
}
