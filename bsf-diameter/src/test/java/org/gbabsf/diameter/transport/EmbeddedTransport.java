package org.gbabsf.diameter.transport;

import java.net.InetAddress;
import java.util.Map;
import java.util.function.Supplier;
import org.gbabsf.diameter.DiameterNodeConfig.TransportLimits;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.transport.CerGate.PeerView;

/**
 * A transport for connections on embedded channels: it admits every peer, without TLS, and connects
 * to none itself.
 */
final class EmbeddedTransport {

  private EmbeddedTransport() {}

  /**
   * A transport of bsf.example telling {@code events}, the stack's view of peers from {@code view}.
   */
  static DiameterTransport create(TransportEvents events, Supplier<PeerView> view) {
    return create(events, view, java.util.Set.of());
  }

  /** As {@link #create(TransportEvents, Supplier)}, with {@code configured} as its peer table. */
  static DiameterTransport create(
      TransportEvents events, Supplier<PeerView> view, java.util.Set<String> configured) {
    return new DiameterTransport(
        "bsf.example",
        "example",
        TransportLimits.DEFAULTS,
        new RequestScreen(Map.of()),
        events,
        new CerGate() {
          @Override
          public boolean admits(String originHost, String originRealm) {
            return true;
          }

          @Override
          public boolean fromBoundSource(
              String originHost, String originRealm, InetAddress from, boolean overTls) {
            return true;
          }

          @Override
          public void refused(
              Refusal reason, String originHost, String originRealm, InetAddress from) {}

          @Override
          public PeerView peerView(String originHost) {
            return view.get();
          }
        },
        true,
        DiameterTls.NONE,
        host ->
            configured.contains(host)
                ? java.util.Optional.of(
                    new org.gbabsf.diameter.DiameterNodeConfig.PeerConfig(
                        host, "127.0.0.1", 3868, 1))
                : java.util.Optional.empty());
  }
}
