package org.gbabsf.diameter;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Everything the Diameter node needs, validated by the server's configuration.
 *
 * @param originHost our Origin-Host (FQDN)
 * @param originRealm our Origin-Realm
 * @param listenAddress the IP address we listen on and send from
 * @param listenPort the port we listen on (3868 by default; 0 is not supported by the stack)
 * @param productName Product-Name in CER/CEA
 * @param applications the applications advertised in CER (Vendor-Specific-Application-Id)
 * @param peers the peers we connect to
 * @param routes realm routes: which hosts serve which realm for which application
 * @param admission which peers not listed in {@code peers} may connect (CER admission)
 * @param watchdogInterval inactivity before a DWR (Tw, RFC 3539)
 * @param reconnectInterval pause between reconnection attempts to a lost peer
 * @param tcpNoDelay whether to set TCP_NODELAY on every connection (recommended: true)
 * @param limits what the transport accepts from a peer (message size, CER wait, pending
 *     connections)
 * @param tls Diameter over TLS: its port, contexts and the peers that must use it
 */
public record DiameterNodeConfig(
    String originHost,
    String originRealm,
    String listenAddress,
    int listenPort,
    String productName,
    List<AppId> applications,
    List<PeerConfig> peers,
    List<RealmRoute> routes,
    PeerAdmission admission,
    Duration watchdogInterval,
    Duration reconnectInterval,
    boolean tcpNoDelay,
    TransportLimits limits,
    DiameterTls tls) {

  /** A configuration without TLS. */
  public DiameterNodeConfig(
      String originHost,
      String originRealm,
      String listenAddress,
      int listenPort,
      String productName,
      List<AppId> applications,
      List<PeerConfig> peers,
      List<RealmRoute> routes,
      PeerAdmission admission,
      Duration watchdogInterval,
      Duration reconnectInterval,
      boolean tcpNoDelay,
      TransportLimits limits) {
    this(
        originHost,
        originRealm,
        listenAddress,
        listenPort,
        productName,
        applications,
        peers,
        routes,
        admission,
        watchdogInterval,
        reconnectInterval,
        tcpNoDelay,
        limits,
        DiameterTls.NONE);
  }

  /** A configuration with the default {@link TransportLimits}. */
  public DiameterNodeConfig(
      String originHost,
      String originRealm,
      String listenAddress,
      int listenPort,
      String productName,
      List<AppId> applications,
      List<PeerConfig> peers,
      List<RealmRoute> routes,
      PeerAdmission admission,
      Duration watchdogInterval,
      Duration reconnectInterval,
      boolean tcpNoDelay) {
    this(
        originHost,
        originRealm,
        listenAddress,
        listenPort,
        productName,
        applications,
        peers,
        routes,
        admission,
        watchdogInterval,
        reconnectInterval,
        tcpNoDelay,
        TransportLimits.DEFAULTS);
  }

  /** Copies the lists and checks the obvious. */
  public DiameterNodeConfig {
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(tls, "tls");
    if (tls.port() != 0 && tls.port() == listenPort) {
      throw new IllegalArgumentException("the TLS port must differ from the listening port");
    }
    Objects.requireNonNull(originHost, "originHost");
    Objects.requireNonNull(originRealm, "originRealm");
    applications = List.copyOf(applications);
    peers = List.copyOf(peers);
    routes = List.copyOf(routes);
    Objects.requireNonNull(admission, "admission");
    if (listenPort < 1 || listenPort > 65535) {
      throw new IllegalArgumentException("listenPort must be 1..65535");
    }
    if (applications.isEmpty()) {
      throw new IllegalArgumentException("at least one application");
    }
  }

  /**
   * A client node: it connects to one {@code peer}, which serves {@code destinationRealm} for
   * {@code application}, and admits nobody else (a NAF, a BSF in tests, the Zh bench). Watchdog 30
   * s, reconnection every second.
   */
  public static DiameterNodeConfig clientOf(
      String originHost,
      String originRealm,
      String listenAddress,
      int listenPort,
      String productName,
      AppId application,
      PeerConfig peer,
      String destinationRealm,
      boolean tcpNoDelay) {
    return new DiameterNodeConfig(
        originHost,
        originRealm,
        listenAddress,
        listenPort,
        productName,
        List.of(application),
        List.of(peer),
        List.of(new RealmRoute(destinationRealm, List.of(peer.host()), application)),
        PeerAdmission.peerTableOnly(),
        Duration.ofSeconds(30),
        Duration.ofSeconds(1),
        tcpNoDelay,
        TransportLimits.DEFAULTS);
  }

  /** The same configuration with other transport limits. */
  public DiameterNodeConfig withLimits(TransportLimits other) {
    return new DiameterNodeConfig(
        originHost,
        originRealm,
        listenAddress,
        listenPort,
        productName,
        applications,
        peers,
        routes,
        admission,
        watchdogInterval,
        reconnectInterval,
        tcpNoDelay,
        other,
        tls);
  }

  /** The same configuration with {@code other} TLS. */
  public DiameterNodeConfig withTls(DiameterTls other) {
    return new DiameterNodeConfig(
        originHost,
        originRealm,
        listenAddress,
        listenPort,
        productName,
        applications,
        peers,
        routes,
        admission,
        watchdogInterval,
        reconnectInterval,
        tcpNoDelay,
        limits,
        other);
  }

  /**
   * What the transport accepts from a peer before the stack sees anything.
   *
   * @param maxMessageLength the largest message read; a longer one is answered 5015 and its
   *     connection closed (64 KiB by default)
   * @param cerTimeout how long an accepted connection may take to send a valid CER (5 s)
   * @param maxPendingConnections accepted connections without a valid CER yet, at most (64); more
   *     are closed at once
   * @param maxPendingRequests requests of one connection that the stack holds unanswered, at most
   *     (1,000; below jdiameter's event queue of 10,000 a peer, and its node-wide table of 10,240
   *     requests being answered); more are answered 3004 DIAMETER_TOO_BUSY by the transport
   */
  public record TransportLimits(
      int maxMessageLength,
      Duration cerTimeout,
      int maxPendingConnections,
      int maxPendingRequests) {

    /** The most {@code maxPendingRequests} may be: jdiameter's event queue holds 10,000 a peer. */
    public static final int MAX_PENDING_REQUESTS_CEILING = 9_000;

    /** 64 KiB, 5 s, 64, 1,000. */
    public static final TransportLimits DEFAULTS =
        new TransportLimits(64 * 1024, Duration.ofSeconds(5), 64, 1_000);

    /** Checks the ranges. */
    public TransportLimits {
      if (maxMessageLength < 1024 || maxMessageLength > 0xFF_FFFF) {
        throw new IllegalArgumentException("maxMessageLength must be 1024..16777215");
      }
      if (cerTimeout.isNegative() || cerTimeout.isZero()) {
        throw new IllegalArgumentException("cerTimeout must be positive");
      }
      if (maxPendingConnections < 1) {
        throw new IllegalArgumentException("maxPendingConnections must be at least 1");
      }
      if (maxPendingRequests < 1 || maxPendingRequests > MAX_PENDING_REQUESTS_CEILING) {
        throw new IllegalArgumentException(
            "maxPendingRequests must be 1.." + MAX_PENDING_REQUESTS_CEILING);
      }
    }
  }

  /**
   * A Diameter application (vendor-specific when {@code vendorId} is not 0).
   *
   * @param vendorId the vendor, e.g. 10415 for 3GPP
   * @param authApplicationId the Auth-Application-Id, e.g. 16777221 for Zh
   */
  public record AppId(long vendorId, long authApplicationId) {}

  /**
   * A known peer. Its {@code host} must equal the Origin-Host it announces.
   *
   * @param host the peer's FQDN (DiameterIdentity)
   * @param address its IP address or resolvable name
   * @param port its port
   * @param priority higher is preferred
   * @param connect true if we connect to it (an HSS); false if it connects to us (a NAF)
   */
  public record PeerConfig(String host, String address, int port, int priority, boolean connect) {

    /** A peer we connect to. */
    public PeerConfig(String host, String address, int port, int priority) {
      this(host, address, port, priority, true);
    }

    /**
     * As configured ({@code zh.peers}, {@code naf-proxy.bsf-peer}): {@code host=address:port}, and
     * {@code :priority} when it is not the default 1. For messages.
     */
    public String describe() {
      return host + "=" + address + ":" + port + (priority == 1 ? "" : ":" + priority);
    }
  }

  /**
   * A route: requests for {@code realm} and {@code application} go to one of {@code hosts}.
   *
   * @param realm the destination realm
   * @param hosts the FQDNs of peers serving it
   * @param application the application
   */
  public record RealmRoute(String realm, List<String> hosts, AppId application) {
    /** Copies the hosts. */
    public RealmRoute {
      hosts = List.copyOf(hosts);
    }
  }
}
