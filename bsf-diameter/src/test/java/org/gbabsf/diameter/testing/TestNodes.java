package org.gbabsf.diameter.testing;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.base.BaseAvps;

/** Node configurations of the transport and Zn tests. */
public final class TestNodes {

  private TestNodes() {}

  /**
   * A BSF node bsf.home1.net (realm home1.net) on 127.0.0.1:{@code port} serving {@code app}, with
   * no peers of its own, admitting {@code admission}; watchdog 30 s, reconnection 5 s.
   */
  public static DiameterNodeConfig bsf(int port, AppId app, PeerAdmission admission) {
    return bsf(port, app, List.of(), List.of(), admission, Duration.ofSeconds(5));
  }

  private static DiameterNodeConfig bsf(
      int port,
      AppId app,
      List<DiameterNodeConfig.PeerConfig> peers,
      List<DiameterNodeConfig.RealmRoute> routes,
      PeerAdmission admission,
      Duration reconnect) {
    return new DiameterNodeConfig(
        "bsf.home1.net",
        "home1.net",
        "127.0.0.1",
        port,
        "gba-bsf-test",
        List.of(app),
        peers,
        routes,
        admission,
        Duration.ofSeconds(30),
        reconnect,
        true);
  }

  /**
   * Starts a node of {@code config} that answers every {@code command} request of {@code app} with
   * 2001, the request's Session-Id and the node's Origin identities.
   */
  public static DiameterNode answering(DiameterNodeConfig config, AppId app, int command) {
    return DiameterNode.start(
        config,
        Map.of(
            new DiameterNode.Serves(app, command),
            (request, from) ->
                CompletableFuture.completedFuture(
                    success(request, config.originHost(), config.originRealm()))));
  }

  /** The answer 2001 of {@code host}/{@code realm} to {@code request}, with its Session-Id. */
  public static DiameterMessage success(DiameterMessage request, String host, String realm) {
    return DiameterMessage.answerTo(
        request,
        false,
        List.of(
            request.first(BaseAvps.SESSION_ID, 0).orElseThrow(),
            Avp.u32(BaseAvps.RESULT_CODE, 0, true, 2001),
            Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, host),
            Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, realm)));
  }

  /**
   * A BSF node bsf.home1.net (realm home1.net) on 127.0.0.1:{@code port} that connects to {@code
   * peer} (realm {@code peerRealm}) at 127.0.0.1:{@code peerPort} for {@code app}, admitting only
   * its peer table; watchdog 30 s, reconnection 1 s. Serves nothing itself.
   */
  public static DiameterNode connectingTo(
      int port, String peer, String peerRealm, int peerPort, AppId app) {
    return DiameterNode.start(
        bsf(
            port,
            app,
            List.of(new DiameterNodeConfig.PeerConfig(peer, "127.0.0.1", peerPort, 1)),
            List.of(new DiameterNodeConfig.RealmRoute(peerRealm, List.of(peer), app)),
            PeerAdmission.peerTableOnly(),
            Duration.ofSeconds(1)),
        Map.of());
  }
}
