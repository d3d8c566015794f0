package org.gbabsf.diameter.transport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.api.io.IConnectionListener;
import org.jdiameter.client.api.io.TransportException;

/** The stack's side of a connection in tests: counts the closes it is told, keeps the messages. */
final class StackListener implements IConnectionListener {

  final AtomicInteger closesTold = new AtomicInteger();
  final List<IMessage> messages = new CopyOnWriteArrayList<>();

  @Override
  public void connectionOpened(String connKey) {}

  @Override
  public void connectionClosed(String connKey, List notSent) {
    closesTold.incrementAndGet();
  }

  @Override
  public void messageReceived(String connKey, IMessage message) {
    messages.add(message);
  }

  @Override
  public void internalError(String connKey, IMessage message, TransportException cause) {}
}
