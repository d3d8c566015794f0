package org.gbabsf.diameter.transport;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Transport events for tests: records the probes' outcomes, dropped answers, the result codes of
 * refused requests and unsolicited answers; ignores the rest.
 */
final class RecordingEvents implements TransportEvents {

  final List<ProbeOutcome> probes = new CopyOnWriteArrayList<>();
  final List<Undelivered> undelivered = new CopyOnWriteArrayList<>();
  final List<Long> refusedRequests = new CopyOnWriteArrayList<>();
  final java.util.concurrent.atomic.AtomicInteger unsolicited =
      new java.util.concurrent.atomic.AtomicInteger();

  @Override
  public void frameRefused(DiameterFraming.Violation violation, InetAddress from) {}

  @Override
  public void requestRefused(
      long resultCode, int commandCode, long applicationId, InetAddress from) {
    refusedRequests.add(resultCode);
  }

  @Override
  public void unreadable(InetAddress from) {}

  @Override
  public void unsolicitedAnswer(InetAddress from) {
    unsolicited.incrementAndGet();
  }

  final List<String> withheld = new CopyOnWriteArrayList<>();

  @Override
  public void requestWithheld(String host, InetAddress from) {
    withheld.add(host);
  }

  @Override
  public void answerUndelivered(Undelivered reason, InetAddress from) {
    undelivered.add(reason);
  }

  @Override
  public void probed(String host, InetAddress from, Duration timeout, ProbeOutcome outcome) {
    probes.add(outcome);
  }
}
