package org.gbabsf.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterNodeConfig.RealmRoute;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.NodeCounters;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.RequestHandler;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zn.NafAdmission;
import org.gbabsf.diameter.zn.ZnHandler;
import org.gbabsf.diameter.zn.avp.ZnAvps;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.DiameterConfig;
import org.gbabsf.server.config.HssConfig;
import org.gbabsf.server.config.UbConfig;
import org.gbabsf.server.config.ZhConfig;
import org.gbabsf.server.config.ZnConfig;
import org.gbabsf.server.security.Security;

/**
 * The Diameter assembly, from {@code diameter.*}, {@code zh.*} and {@code zn.*}: the node (with its
 * TLS, its CER admission and source bindings), Zn's handler when {@code zn.enabled}, the Zh client
 * when {@code hss.type} is zh, the node's metrics and the HSS readiness check. Absent when neither
 * Zh nor Zn is on.
 */
final class DiameterContext implements AutoCloseable {

  /** The sections Diameter (Zh and Zn) is built from, and nothing else of the configuration. */
  record Sections(DiameterConfig diameter, ZhConfig zh, ZnConfig zn, HssConfig hss, UbConfig ub) {
    /** The sections of {@code c}. */
    static Sections of(BsfConfig c) {
      return new Sections(c.diameter(), c.zh(), c.zn(), c.hss(), c.ub());
    }
  }

  private final Sections config;
  private final DiameterNode node;
  private final ZhHssClient zh;

  private DiameterContext(Sections config, DiameterNode node, ZhHssClient zh) {
    this.config = config;
    this.node = node;
    this.zh = zh;
  }

  /**
   * Starts the node {@code config} describes, serving Zn from {@code sessions} when {@code
   * zn.enabled}; empty when neither Zh nor Zn is on.
   */
  static Optional<DiameterContext> create(
      Sections config,
      Security security,
      SessionStore sessions,
      Clock clock,
      MeterRegistry registry) {
    boolean zhOn = config.hss().type().equals("zh");
    if (!zhOn && !config.zn().enabled()) {
      return Optional.empty();
    }
    Map<DiameterNode.Serves, RequestHandler> handlers = new HashMap<>();
    if (config.zn().enabled()) {
      handlers.put(
          new DiameterNode.Serves(
              new AppId(BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID), ZnAvps.BOOTSTRAPPING_INFO),
          new ZnHandler(
              new KeyService(sessions, clock, config.ub().storeTimeout()),
              ZnHandler.authorisation(nafGroups(config), new NafFqdnPolicy(config.zn().nafFqdns())),
              config.diameter().originHost(),
              config.diameter().originRealm(),
              registry));
    }
    DiameterNode node =
        DiameterNode.start(diameterConfig(config).withTls(tls(config, security)), handlers);
    register(node.counters(), registry);
    return Optional.of(
        new DiameterContext(
            config, node, zhOn ? new ZhHssClient(node, zhSettings(config), registry) : null));
  }

  private static DiameterTls tls(Sections config, Security security) {
    return security
        .diameter()
        .map(
            t ->
                DiameterTls.of(
                        t.material(),
                        t.events(),
                        config.diameter().tlsPort(),
                        config.diameter().tlsPeers().hosts(),
                        config.diameter().tlsPeers().all())
                    .withWildcards(config.diameter().tlsAllowWildcardCertificates()))
        .orElse(DiameterTls.NONE);
  }

  /** Adds the HSS check to {@code readiness}, when the HSS is reached over Zh. */
  void checks(Readiness readiness) {
    if (zh != null) {
      String peers = config.zh().peersText();
      readiness.check(
          "hss",
          zh::isAvailable,
          () -> Optional.of("no HSS peer connected (zh.peers " + peers + ")"));
    }
  }

  /** The Zh client, when {@code hss.type} is zh. */
  Optional<ZhHssClient> zh() {
    return Optional.ofNullable(zh);
  }

  /** The node. */
  DiameterNode node() {
    return node;
  }

  @Override
  public void close() {
    node.close();
  }

  /** Registers the node's CER refusals and transport counters in {@code registry}. */
  private static void register(NodeCounters node, MeterRegistry registry) {
    for (String reason : NodeCounters.REFUSAL_REASONS) {
      FunctionCounter.builder("bsf.diameter.peers.refused", node, d -> d.refusedPeers(reason))
          .description("Connecting peers refused at CER, by reason")
          .tag("reason", reason)
          .register(registry);
    }
    registerTransport(node, registry);
  }

  /** Registers the node's transport counters in {@code registry}. */
  private static void registerTransport(NodeCounters node, MeterRegistry registry) {
    for (String violation : NodeCounters.FRAME_VIOLATIONS) {
      FunctionCounter.builder("bsf.diameter.frames.refused", node, d -> d.framesRefused(violation))
          .description("Connections closed for a message breaking RFC 6733 framing, by violation")
          .tag("violation", violation)
          .register(registry);
    }
    for (long code : NodeCounters.PROTOCOL_ERRORS) {
      FunctionCounter.builder("bsf.diameter.requests.refused", node, d -> d.requestsRefused(code))
          .description("Requests answered by the transport with a protocol error, by result code")
          .tag("result", Long.toString(code))
          .register(registry);
    }
    FunctionCounter.builder(
            "bsf.diameter.answers.unsolicited", node, NodeCounters::unsolicitedAnswers)
        .description("Answers dropped because no request of ours awaited one on their connection")
        .register(registry);
    FunctionCounter.builder("bsf.diameter.requests.withheld", node, NodeCounters::requestsWithheld)
        .description(
            "Requests of ours not written to a peer that is no configured peer (a NAF announcing"
                + " the HSS's realm while the HSS is down)")
        .register(registry);
    FunctionCounter.builder("bsf.diameter.unreadable", node, NodeCounters::unreadableMessages)
        .description("Connections closed for a message the stack could not read")
        .register(registry);
    for (String reason : NodeCounters.UNDELIVERED_REASONS) {
      FunctionCounter.builder(
              "bsf.diameter.answers.undelivered", node, d -> d.answersUndelivered(reason))
          .description(
              "Answers dropped because the peer's connection had closed or the peer stopped"
                  + " reading, by reason")
          .tag("reason", reason)
          .register(registry);
    }
    for (String outcome : NodeCounters.PROBE_OUTCOMES) {
      FunctionCounter.builder("bsf.diameter.probes", node, d -> d.livenessProbes(outcome))
          .description(
              "DWRs sent on a connection in service because its peer connected again, by outcome"
                  + " (silent: nothing came back, the connection was closed)")
          .tag("outcome", outcome)
          .register(registry);
    }
  }

  /**
   * The Diameter node's configuration for {@code c}: Zh towards the configured HSS peers, and Zn
   * for NAFs, which connect to us (admitted by CER, answered only if listed in zn.nafs).
   */
  static DiameterNodeConfig diameterConfig(Sections c) {
    AppId zhApp = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
    AppId znApp = new AppId(BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID);
    boolean zhOn = c.hss().type().equals("zh");
    List<PeerConfig> peers = zhOn ? c.zh().peers() : List.of();
    List<AppId> apps = new ArrayList<>();
    if (zhOn) {
      apps.add(zhApp);
    }
    if (c.zn().enabled()) {
      apps.add(znApp);
    }
    return new DiameterNodeConfig(
        c.diameter().originHost(),
        c.diameter().originRealm(),
        c.diameter().listenAddress(),
        c.diameter().listenPort(),
        "gba-bsf",
        apps,
        peers,
        zhOn
            ? List.of(
                new RealmRoute(
                    c.zh().destinationRealm(),
                    peers.stream().map(PeerConfig::host).toList(),
                    zhApp))
            : List.of(),
        (c.zn().enabled() ? NafAdmission.of(nafGroups(c)) : PeerAdmission.peerTableOnly())
            .withSources(c.diameter().peerSources()),
        c.diameter().watchdogInterval(),
        c.diameter().reconnectInterval(),
        c.diameter().tcpNodelay(),
        new DiameterNodeConfig.TransportLimits(
            c.diameter().maxMessageLength(),
            c.diameter().cerTimeout(),
            c.diameter().maxPendingConnections(),
            c.diameter().maxPendingRequests()));
  }

  /** The NAFs of {@code zn.nafs} and {@code zn.naf-realms}. */
  static org.gbabsf.core.zn.NafDirectory nafGroups(Sections c) {
    return new org.gbabsf.core.zn.NafDirectory(c.zn().nafs(), c.zn().nafRealms());
  }

  private static ZhHssClient.Settings zhSettings(Sections c) {
    return new ZhHssClient.Settings(
        c.zh().destinationRealm(),
        c.zh().peers().stream().map(PeerConfig::host).toList(),
        c.zh().requestTimeout(),
        c.ub().hssTimeout(),
        c.zh().peerBackoff(),
        c.zh().pinDestinationHost(),
        c.zh().gussCacheEntries(),
        c.zh().gussCacheMaxAge());
  }
}
