package org.gbabsf.diameter.transport;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Transport events for tests: records the probes' outcomes, ignores the rest. */
final class RecordingEvents implements TransportEvents {

  final List<ProbeOutcome> probes = new CopyOnWriteArrayList<>();

  @Override
  public void frameRefused(DiameterFraming.Violation violation, InetAddress from) {}

  @Override
  public void requestRefused(
      long resultCode, int commandCode, long applicationId, InetAddress from) {}

  @Override
  public void unreadable(InetAddress from) {}

  @Override
  public void probed(String host, InetAddress from, Duration timeout, ProbeOutcome outcome) {
    probes.add(outcome);
  }
}
