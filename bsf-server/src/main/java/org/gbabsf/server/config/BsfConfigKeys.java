package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.gbabsf.netty.NettyTransport;

/**
 * The registry of every configuration key of the BSF, in documentation order.
 *
 * <p>To add a key: declare it here with {@link #register}, add an accessor to {@link BsfConfig},
 * then regenerate {@code docs/configuration.md} and {@code bsf.yaml} with {@link ConfigReference}.
 */
public final class BsfConfigKeys {

  /** {@code cassandra.replication}: a simple or a network-topology strategy with its factors. */
  private static final java.util.regex.Pattern REPLICATION =
      java.util.regex.Pattern.compile(
          "(?i)SimpleStrategy:[1-9][0-9]?|NetworkTopologyStrategy:\\s*[A-Za-z0-9_.-]+=[1-9][0-9]?"
              + "(\\s*,\\s*[A-Za-z0-9_.-]+=[1-9][0-9]?)*");

  // Must stay first: the constants below add themselves to it as they are initialised.
  private static final List<ConfigKey<?>> ALL = new ArrayList<>();

  /** The BSF's name: the domain part of every B-TID and the default Ub realm. */
  public static final ConfigKey<String> BSF_NAME =
      register(
          ConfigKey.of(
              "bsf.name",
              ValueTypes.hostname(),
              "bsf.home1.net",
              "BSF server name: the domain part of every B-TID (TS 33.220 §4.5.2) and the"
                  + " default Ub realm."));

  /** The Netty I/O transport of every interface. */
  public static final ConfigKey<String> IO_TRANSPORT =
      register(
          ConfigKey.of(
                  "io.transport",
                  ValueTypes.oneOf("auto", "epoll", "nio"),
                  "auto",
                  "The network I/O of every interface (Ub, Diameter, SBI, admin): epoll is Linux's"
                      + " native transport (Linux x86_64), nio is Java's, everywhere; auto takes"
                      + " epoll where it loads, else nio. The one in use is logged at start.")
              .withValidator(
                  Validator.of(
                      "epoll only where it loads",
                      v -> !v.equals("epoll") || NettyTransport.epollUnavailability().isEmpty(),
                      "epoll is not available on this machine: "
                          + NettyTransport.epollUnavailability())));

  /** The Digest realm of the Ub interface; empty means the same as {@link #BSF_NAME}. */
  public static final ConfigKey<String> UB_REALM =
      register(
          ConfigKey.of(
                  "ub.realm",
                  ValueTypes.optionalString(),
                  "",
                  "Digest realm sent in WWW-Authenticate and required in the UE's Authorization;"
                      + " empty means the same as bsf.name.")
              .withValidator(
                  Validator.of(
                      "no quotes, backslashes or control characters",
                      realm ->
                          realm
                              .chars()
                              .noneMatch(c -> c == '"' || c == '\\' || c < 0x20 || c == 0x7f),
                      "must not contain quotes, backslashes or control characters")));

  /** The address the Ub HTTP server binds. */
  public static final ConfigKey<String> UB_LISTEN_ADDRESS =
      register(
          ConfigKey.of(
              "ub.listen-address",
              ValueTypes.hostOrAddress(),
              "0.0.0.0",
              "Address the Ub HTTP server binds."));

  /** The Ub HTTP port; 0 means an ephemeral port. */
  public static final ConfigKey<Integer> UB_PORT =
      register(
          ConfigKey.of(
              "ub.port",
              ValueTypes.integer(0, 65535),
              "8080",
              "Ub HTTP port; 0 picks a free ephemeral port (useful for tests)."));

  /** Netty event-loop threads of the Ub server; 0 means twice the available processors. */
  public static final ConfigKey<Integer> UB_IO_THREADS =
      register(
          ConfigKey.of(
              "ub.io-threads",
              ValueTypes.integer(0, 256),
              "0",
              "Netty event-loop threads; 0 means 2 × available processors."));

  /** Bytes of request headers accepted before answering 431. */
  public static final ConfigKey<Integer> UB_MAX_HEADER_SIZE =
      register(
          ConfigKey.of(
              "ub.max-header-size",
              ValueTypes.integer(1024, 65536),
              "8192",
              "Bytes of request headers accepted before answering 431."));

  /** Requests processed at once across all connections before answering 503. */
  public static final ConfigKey<Integer> UB_MAX_IN_FLIGHT =
      register(
          ConfigKey.of(
              "ub.max-in-flight",
              ValueTypes.integer(1, 1_000_000),
              "10000",
              "Requests being processed at once across all connections; beyond it the BSF"
                  + " answers 503 with Retry-After."));

  /** Ub requests a second per source address (IPv6: per /64) before 503; 0 means no limit. */
  public static final ConfigKey<Integer> UB_SOURCE_LIMIT_RATE =
      register(
          ConfigKey.of(
              "ub.source-limit.rate",
              ValueTypes.integer(0, 1_000_000),
              "0",
              "Ub requests a second one source address (an IPv6 /64) may send, first requests and"
                  + " answers alike, before the BSF answers 503 with Retry-After without asking the"
                  + " HSS; 0 turns the limit off. Set it only where the BSF sees UEs' own"
                  + " addresses: behind a proxy, NAT or a Kubernetes Service with"
                  + " externalTrafficPolicy Cluster all UEs share a few sources"
                  + " (docs/ub-conformance.md)."));

  /** Requests a source may send at once within {@link #UB_SOURCE_LIMIT_RATE}. */
  public static final ConfigKey<Integer> UB_SOURCE_LIMIT_BURST =
      register(
          ConfigKey.of(
              "ub.source-limit.burst",
              ValueTypes.integer(1, 1_000_000),
              "20",
              "Requests one source address may send at once under ub.source-limit.rate (a"
                  + " bootstrap takes two)."));

  /** How long a keep-alive connection may stay idle before it is closed. */
  public static final ConfigKey<Duration> UB_IDLE_TIMEOUT =
      register(
          ConfigKey.of(
              "ub.idle-timeout",
              ValueTypes.positiveDuration(),
              "60s",
              "Closes a keep-alive connection idle this long."));

  /** Event-loop lag above which Ub admits fewer first requests (experimental; 0: off). */
  public static final ConfigKey<Duration> UB_OVERLOAD_MAX_LAG =
      register(
          ConfigKey.of(
                  "ub.overload.max-lag",
                  ValueTypes.nonNegativeDuration(),
                  "0s",
                  "Experimental, off by default (docs/benchmarks.md, Overload). When the Ub event"
                      + " loops run their tasks later than this in two windows of 100 ms in a"
                      + " row (the CPU is saturated), Ub admits 20 % fewer first requests per"
                      + " window than it just did, and answers the excess 503 with Retry-After at"
                      + " once; answers to challenges are never refused for it. Under a CPU quota"
                      + " (a container's CPU limit) keep it well above the quota's period: a"
                      + " throttled BSF waits up to a period for its CPU. Where a request costs"
                      + " much more CPU at a low rate than at saturation (a small quota), it keeps"
                      + " refusing after the load drops. Set, the lag is probed every 10 ms"
                      + " instead of 100 ms. 0: only ub.max-in-flight bounds Ub.")
              .withValidator(Validators.atMost(Duration.ofSeconds(10))));

  /** How long Ub keeps serving after SIGTERM while /ready answers 503. */
  public static final ConfigKey<Duration> UB_DRAIN_DELAY =
      register(
          ConfigKey.of(
                  "ub.drain-delay",
                  ValueTypes.nonNegativeDuration(),
                  "5s",
                  "After SIGTERM, /ready answers 503 at once while Ub keeps serving (each answer"
                      + " closing its connection) this long, so that load balancers stop"
                      + " sending before the listener closes; then requests in flight get up to"
                      + " 5 s more. 0 closes at once.")
              .withValidator(Validators.atMost(Duration.ofMinutes(2))));

  /** The Retry-After of 503 answers. */
  public static final ConfigKey<Duration> UB_RETRY_AFTER =
      register(
          ConfigKey.of(
                  "ub.retry-after",
                  ValueTypes.positiveDuration(),
                  "5s",
                  "Value of Retry-After on 503 answers.")
              .withValidator(Validators.wholeSeconds()));

  /** How long a 401 challenge may be answered. */
  public static final ConfigKey<Duration> UB_CHALLENGE_VALIDITY =
      register(
          ConfigKey.of(
                  "ub.challenge-validity",
                  ValueTypes.positiveDuration(),
                  "5m",
                  "How long a 401 challenge (its RAND/AUTN) may be answered.")
              .withValidator(Validators.atMost(Duration.ofMinutes(30))));

  /** Wrong digest responses per IMPI within the failure window before answering 403. */
  public static final ConfigKey<Integer> UB_MAX_FAILURES =
      register(
          ConfigKey.of(
              "ub.max-failures",
              ValueTypes.integer(1, 100),
              "3",
              "Wrong digest responses for one IMPI within ub.failure-window before the BSF"
                  + " answers 403 instead of a fresh challenge."));

  /** The window of {@link #UB_MAX_FAILURES}. */
  public static final ConfigKey<Duration> UB_FAILURE_WINDOW =
      register(
          ConfigKey.of(
              "ub.failure-window",
              ValueTypes.positiveDuration(),
              "5m",
              "Window for ub.max-failures."));

  /** Budget for the HSS to return a vector. */
  public static final ConfigKey<Duration> UB_HSS_TIMEOUT =
      register(
          ConfigKey.of(
              "ub.hss-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Budget for the HSS to return a vector; beyond it the UE gets 503."));

  /** Budget for a store operation. */
  public static final ConfigKey<Duration> UB_STORE_TIMEOUT =
      register(
          ConfigKey.of(
              "ub.store-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Budget for a store operation; beyond it the UE gets 503."));

  /** Upper bound on a bootstrapping session's lifetime. */
  public static final ConfigKey<Duration> SESSION_MAX_LIFETIME =
      register(
          ConfigKey.of(
                  "session.max-lifetime",
                  ValueTypes.positiveDuration(),
                  "1h",
                  "Upper bound on a bootstrapping session's lifetime; the GUSS lifetime, if"
                      + " shorter, wins.")
              .withValidator(Validators.atLeast(Duration.ofMinutes(1))));

  /** Admin HTTP address. */
  public static final ConfigKey<String> ADMIN_LISTEN_ADDRESS =
      register(
          ConfigKey.of(
              "admin.listen-address",
              ValueTypes.hostOrAddress(),
              "127.0.0.1",
              "Address of the admin HTTP port (/metrics, /health, /ready); 0.0.0.0 for probes"
                  + " from outside the host."));

  /** Admin HTTP port. */
  public static final ConfigKey<Integer> ADMIN_PORT =
      register(
          ConfigKey.of(
              "admin.port",
              ValueTypes.integer(0, 65535),
              "9090",
              "Admin HTTP port: Prometheus metrics at /metrics, liveness at /health, readiness at"
                  + " /ready (503 while no HSS peer or no Cassandra node is up); 0 = ephemeral."));

  /** Where pending challenges and sessions live. */
  public static final ConfigKey<String> STORE_TYPE =
      register(
          ConfigKey.of(
              "store.type",
              ValueTypes.oneOf("memory", "cassandra"),
              "memory",
              "Where pending challenges and sessions live: memory keeps them in this process"
                  + " (single node); cassandra shares them between BSF instances (see"
                  + " docs/storage.md)."));

  /** How pending challenges are kept when sessions are in Cassandra. */
  public static final ConfigKey<String> STORE_CHALLENGES =
      register(
          ConfigKey.of(
              "store.challenges",
              ValueTypes.oneOf("hybrid", "cassandra", "local"),
              "hybrid",
              "With store.type=cassandra, where pending challenges live: hybrid (node cache,"
                  + " written to Cassandra only if still pending after store.hybrid.write-delay),"
                  + " cassandra (every step through"
                  + " Cassandra) or local (node memory only; needs sticky routing)."));

  /** How long a hybrid challenge stays only in memory. */
  public static final ConfigKey<Duration> STORE_HYBRID_WRITE_DELAY =
      register(
          ConfigKey.of(
                  "store.hybrid.write-delay",
                  ValueTypes.nonNegativeDuration(),
                  "250ms",
                  "With store.challenges=hybrid, how long a challenge stays only in this"
                      + " instance's memory before it is written to Cassandra; one answered"
                      + " sooner (the usual case, on the same connection) is never written nor"
                      + " deleted there. 0ms writes every challenge at once, in the background."
                      + " Challenges still held at shutdown are written then.")
              .withValidator(Validators.atMost(Duration.ofSeconds(10))));

  /** How long an instance that missed a challenge reads Cassandra again. */
  public static final ConfigKey<Duration> STORE_HYBRID_MISS_WAIT =
      register(
          ConfigKey.of(
                  "store.hybrid.miss-wait",
                  ValueTypes.nonNegativeDuration(),
                  "600ms",
                  "With store.challenges=hybrid, when an answer's challenge is neither in memory"
                      + " nor in Cassandra (another instance issued it and has not written it"
                      + " yet), Cassandra is read again once store.hybrid.write-delay + 50 ms have"
                      + " passed and a last time at this wait, before the UE gets a fresh 401."
                      + " Must be at least store.hybrid.write-delay + 50 ms (or 0ms: no re-read)"
                      + " and below ub.store-timeout.")
              .withValidator(Validators.atMost(Duration.ofSeconds(10))));

  /** Bound on pending challenges held in memory. */
  public static final ConfigKey<Integer> STORE_MEMORY_MAX_CHALLENGES =
      register(
          ConfigKey.of(
              "store.memory.max-challenges",
              ValueTypes.integer(1, 100_000_000),
              "200000",
              "Bound on pending challenges held in memory; when it is reached the oldest challenge"
                  + " is dropped (bsf.store.challenges.evicted), never the new one, so a flood of"
                  + " first requests cannot deny real UEs while flood rate x UE answer time stays"
                  + " below it (docs/ub-conformance.md)."));

  /** Bound on security associations held in memory. */
  public static final ConfigKey<Integer> STORE_MEMORY_MAX_SESSIONS =
      register(
          ConfigKey.of(
              "store.memory.max-sessions",
              ValueTypes.integer(1, 1_000_000_000),
              "2000000",
              "Bound on security associations (bootstrapping sessions) held in memory."));

  /** CQL contact points. */
  public static final ConfigKey<List<HostPort>> CASSANDRA_CONTACT_POINTS =
      register(
          ConfigKey.of(
              "cassandra.contact-points",
              EntryTypes.contactPoints(),
              "127.0.0.1:9042",
              "Comma-separated host:port CQL contact points of the local datacenter."));

  /** The datacenter this BSF runs in. */
  public static final ConfigKey<String> CASSANDRA_LOCAL_DATACENTER =
      register(
          ConfigKey.of(
              "cassandra.local-datacenter",
              ValueTypes.string(),
              "datacenter1",
              "The Cassandra datacenter of this BSF; the driver only uses its nodes, and"
                  + " LOCAL_QUORUM is counted there."));

  /** The keyspace. */
  public static final ConfigKey<String> CASSANDRA_KEYSPACE =
      register(
          ConfigKey.of(
                  "cassandra.keyspace", ValueTypes.string(), "bsf", "Keyspace of the BSF tables.")
              .withValidator(
                  Validator.of(
                      "lower-case identifier",
                      v -> v.matches("[a-z][a-z0-9_]{0,47}"),
                      "must be a lower-case identifier of at most 48 characters")));

  /** Replication of the keyspace, used when the BSF creates it. */
  public static final ConfigKey<String> CASSANDRA_REPLICATION =
      register(
          ConfigKey.of(
                  "cassandra.replication",
                  ValueTypes.string(),
                  "SimpleStrategy:1",
                  "Keyspace replication when the BSF creates it: SimpleStrategy:N for one DC,"
                      + " NetworkTopologyStrategy:dc1=3,dc2=3 in production.")
              .withValidator(
                  Validator.of(
                      "SimpleStrategy:N or NetworkTopologyStrategy:dc=N[,dc=N]",
                      v -> REPLICATION.matcher(v).matches(),
                      "must be SimpleStrategy:N or NetworkTopologyStrategy:dc=N[,dc=N] (N 1..99)")));

  /** Consistency level of every request. */
  public static final ConfigKey<String> CASSANDRA_CONSISTENCY =
      register(
          ConfigKey.of(
              "cassandra.consistency",
              ValueTypes.oneOf("LOCAL_QUORUM", "LOCAL_ONE", "ONE", "QUORUM", "EACH_QUORUM", "ALL"),
              "LOCAL_QUORUM",
              "Consistency of every read and write; LOCAL_QUORUM survives the loss of a node"
                  + " per DC and of a whole remote DC."));

  /** Driver request timeout. */
  public static final ConfigKey<Duration> CASSANDRA_REQUEST_TIMEOUT =
      register(
          ConfigKey.of(
              "cassandra.request-timeout",
              ValueTypes.positiveDuration(),
              "1500ms",
              "Driver timeout of one request, retries included; keep it below"
                  + " ub.store-timeout."));

  /** Driver throttler: concurrent requests. */
  public static final ConfigKey<Integer> CASSANDRA_MAX_REQUESTS_IN_FLIGHT =
      register(
          ConfigKey.of(
              "cassandra.max-requests-in-flight",
              ValueTypes.integer(1, 100_000),
              "128",
              "Requests the driver sends at once; more wait in its queue."));

  /** Driver throttler: queued requests. */
  public static final ConfigKey<Integer> CASSANDRA_MAX_QUEUED_REQUESTS =
      register(
          ConfigKey.of(
              "cassandra.max-queued-requests",
              ValueTypes.integer(0, 1_000_000),
              "10000",
              "Requests waiting for a slot; beyond it requests fail at once (the UE gets 503)."));

  /** Whether the BSF creates its keyspace and tables at start. */
  public static final ConfigKey<Boolean> CASSANDRA_SCHEMA_CREATE =
      register(
          ConfigKey.of(
              "cassandra.schema.create",
              ValueTypes.bool(),
              "true",
              "Create the keyspace and tables at start if missing; false for operators who"
                  + " apply `bsf schema` themselves."));

  /** Whether to maintain the IMPI → B-TID index. */
  public static final ConfigKey<Boolean> CASSANDRA_SESSION_BY_IMPI =
      register(
          ConfigKey.of(
              "cassandra.session-by-impi",
              ValueTypes.bool(),
              "false",
              "Also write the IMPI → current B-TID index (one more write per bootstrap), for"
                  + " operations."));

  /** Remote-DC nodes the driver may use when the local DC is down. */
  public static final ConfigKey<Integer> CASSANDRA_REMOTE_DC_FAILOVER =
      register(
          ConfigKey.of(
              "cassandra.remote-dc-failover",
              ValueTypes.integer(0, 100),
              "0",
              "Nodes per remote DC the driver may use when every node of cassandra.local-datacenter"
                  + " is down; LOCAL_* consistency then applies in the remote DC. 0 keeps the BSF"
                  + " on its own DC (503 while it is down). With several DCs, 1 or more lets the"
                  + " BSF of a site whose Cassandra is lost keep serving through another site, at"
                  + " cross-site latency (docs/storage.md, Multi-DC)."));

  /** How long a Zn/Nbsp lookup that misses reads Cassandra again. */
  public static final ConfigKey<Duration> CASSANDRA_SESSION_MISS_WAIT =
      register(
          ConfigKey.of(
                  "cassandra.session-miss-wait",
                  ValueTypes.nonNegativeDuration(),
                  "300ms",
                  "With store.type=cassandra, when a NAF asks (Zn or Nbsp_GBA) for a B-TID this"
                      + " DC does not hold, Cassandra is read again after 20, 60 and 150 ms and a"
                      + " last time at this wait before the NAF is told it is unknown: a B-TID"
                      + " made a moment ago by a BSF in another DC may not have replicated yet"
                      + " (docs/storage.md, Multi-DC). 0ms: answer unknown at the first miss. Must be"
                      + " below ub.store-timeout.")
              .withValidator(Validators.atMost(Duration.ofSeconds(5))));

  /** Optional username. */
  public static final ConfigKey<String> CASSANDRA_USERNAME =
      register(
          ConfigKey.of(
              "cassandra.username",
              ValueTypes.optionalString(),
              "",
              "Username for Cassandra authentication; empty for none."));

  /** Optional password. */
  public static final ConfigKey<String> CASSANDRA_PASSWORD =
      register(
          ConfigKey.of(
                  "cassandra.password",
                  ValueTypes.optionalString(),
                  "",
                  "Password for Cassandra authentication (set it through BSF_CASSANDRA_PASSWORD).")
              .asSecret());

  /** Our Diameter identity. */
  public static final ConfigKey<String> DIAMETER_ORIGIN_HOST =
      register(
          ConfigKey.of(
                  "diameter.origin-host",
                  ValueTypes.optionalString(),
                  "",
                  "Origin-Host of the BSF's Diameter node (its FQDN, as the HSS knows it); empty"
                      + " means the same as bsf.name.")
              .withValidator(
                  Validator.of(
                      "hostname or empty",
                      v -> v.isEmpty() || HostNameRule.LABELS.accepts(v),
                      "must be a hostname")));

  /** Our Diameter realm. */
  public static final ConfigKey<String> DIAMETER_ORIGIN_REALM =
      register(
          ConfigKey.of(
              "diameter.origin-realm",
              ValueTypes.hostname(),
              "home1.net",
              "Origin-Realm of the BSF's Diameter node."));

  /** Diameter listen address. */
  public static final ConfigKey<String> DIAMETER_LISTEN_ADDRESS =
      register(
          ConfigKey.of(
                  "diameter.listen-address",
                  ValueTypes.hostOrAddress(),
                  "127.0.0.1",
                  "IP address the Diameter node listens on and connects from (also sent in CER as"
                      + " Host-IP-Address): the BSF's own address.")
              .withValidator(
                  Validator.of(
                      "a specific address",
                      v -> !v.equals("0.0.0.0") && !v.equals("::") && !v.equals("[::]"),
                      "must be a specific address: it is also the source address and the"
                          + " Host-IP-Address of CER")));

  /** Diameter listen port. */
  public static final ConfigKey<Integer> DIAMETER_LISTEN_PORT =
      register(
          ConfigKey.of(
              "diameter.listen-port",
              ValueTypes.integer(1, 65535),
              "3868",
              "Diameter (TCP) port of the BSF."));

  /** Device watchdog interval. */
  public static final ConfigKey<Duration> DIAMETER_WATCHDOG_INTERVAL =
      register(
          ConfigKey.of(
                  "diameter.watchdog-interval",
                  ValueTypes.positiveDuration(),
                  "30s",
                  "Idle time before a Device-Watchdog-Request (Tw of RFC 3539).")
              .withValidator(Validators.atLeast(Duration.ofSeconds(6))));

  /** Reconnection interval. */
  public static final ConfigKey<Duration> DIAMETER_RECONNECT_INTERVAL =
      register(
          ConfigKey.of(
              "diameter.reconnect-interval",
              ValueTypes.positiveDuration(),
              "5s",
              "Pause between reconnection attempts to a lost peer."));

  /** TCP_NODELAY on Diameter connections. */
  public static final ConfigKey<Boolean> DIAMETER_TCP_NODELAY =
      register(
          ConfigKey.of(
              "diameter.tcp-nodelay",
              ValueTypes.bool(),
              "true",
              "Set TCP_NODELAY on Diameter connections; false restores jdiameter's default"
                  + " (Nagle), which adds up to 40 ms to some answers (docs/diameter.md)."));

  /** The largest Diameter message read. */
  public static final ConfigKey<Integer> DIAMETER_MAX_MESSAGE_LENGTH =
      register(
          ConfigKey.of(
              "diameter.max-message-length",
              ValueTypes.integer(1024, 16_777_215),
              "65536",
              "Largest Diameter message read, in bytes: a longer one is answered 5015"
                  + " DIAMETER_INVALID_MESSAGE_LENGTH on its header alone and its connection"
                  + " closed (a BIR or MAA is under 2 KiB)."));

  /** How long a connecting peer may take to send its CER. */
  public static final ConfigKey<Duration> DIAMETER_CER_TIMEOUT =
      register(
          ConfigKey.of(
              "diameter.cer-timeout",
              ValueTypes.positiveDuration(),
              "5s",
              "An accepted Diameter connection without a valid CER within this time is closed"
                  + " (counted as bsf.diameter.peers.refused{reason=cer_timeout}). It also bounds"
                  + " how long an admitted CER waits for the stack to finish with its host's"
                  + " earlier connection, and an admitted connection on which the stack sends no"
                  + " CEA within twice this time is closed (reason=no_cea); docs/diameter.md, \"A"
                  + " peer that reconnects at once\"."));

  /** Accepted connections still waiting for their CER, at most. */
  public static final ConfigKey<Integer> DIAMETER_MAX_PENDING_CONNECTIONS =
      register(
          ConfigKey.of(
              "diameter.max-pending-connections",
              ValueTypes.integer(1, 100_000),
              "64",
              "Accepted Diameter connections that have not yet sent a valid CER, at most; more"
                  + " are closed at once (reason too_many_pending). They cost a buffer each, no"
                  + " thread."));

  /** Application requests of one Diameter connection held unanswered, at most. */
  public static final ConfigKey<Integer> DIAMETER_MAX_PENDING_REQUESTS =
      register(
          ConfigKey.of(
              "diameter.max-pending-requests",
              ValueTypes.integer(1, 9_000),
              "1000",
              "Requests (BIRs, say) of one Diameter connection that the BSF holds unanswered, at"
                  + " most; a request past it is answered 3004 DIAMETER_TOO_BUSY by the transport"
                  + " (bsf.diameter.requests.refused{result=3004}) and the connection stays open."
                  + " At most 9000: jdiameter queues a peer's events in a queue of 10,000, and a full"
                  + " queue would stop the node's I/O thread, which serves every connection. Keep the"
                  + " sum over the NAFs that may flood at once under 10,240, jdiameter's node-wide"
                  + " table of requests being answered; docs/diameter.md, \"Requests a peer may"
                  + " leave unanswered\"."));

  /** Where Diameter identities may connect from. */
  public static final ConfigKey<java.util.Map<String, List<org.gbabsf.diameter.SourceNetwork>>>
      DIAMETER_PEER_SOURCES =
          register(
              ConfigKey.of(
                  "diameter.peer-sources",
                  EntryTypes.sourceNetworks(
                      "host-or-realm=cidr|cidr,…",
                      "must be origin-host-or-realm=cidr|cidr entries, comma-separated, with"
                          + " literal IPv4 or IPv6 networks"),
                  "",
                  "Source networks Diameter identities may connect from, as"
                      + " origin-host-or-realm=cidr|cidr, comma-separated (10.1.0.0/16,"
                      + " 2001:db8::/32, or one address). An HSS of zh.peers is always admitted"
                      + " from the addresses its configured address resolves to at start-up, or"
                      + " over TLS with a certificate naming it; list it here for more (a"
                      + " multi-homed HSS, a relay agent). A NAF of zn.nafs (by host) or"
                      + " zn.naf-realms (by realm) listed here is admitted only from its networks,"
                      + " TLS or not; an unlisted one from anywhere, with a WARN at start-up unless"
                      + " diameter.tls.peers requires TLS of it. A CER from elsewhere gets CEA 3010"
                      + " (bsf.diameter.peers.refused{reason=source_not_allowed}). Each identity"
                      + " listed must be a host of zh.peers or zn.nafs or a realm of zn.naf-realms"
                      + " (a misspelt one is refused at start-up). Empty: NAFs unbound;"
                      + " docs/security.md."));

  /** Zh Destination-Realm. */
  public static final ConfigKey<String> ZH_DESTINATION_REALM =
      register(
          ConfigKey.of(
              "zh.destination-realm",
              ValueTypes.hostname(),
              "home1.net",
              "Destination-Realm of MARs: the HSS's realm."));

  /** The HSS peers. */
  public static final ConfigKey<List<org.gbabsf.diameter.DiameterNodeConfig.PeerConfig>> ZH_PEERS =
      register(
          ConfigKey.of(
              "zh.peers",
              EntryTypes.peers(),
              "hss1.home1.net=127.0.0.1:3869",
              "HSS peers as host=address:port[:priority], comma-separated; host is the"
                  + " HSS's Origin-Host, higher priority is tried first (default 1)."));

  /** Timeout of one MAR. */
  public static final ConfigKey<Duration> ZH_REQUEST_TIMEOUT =
      register(
          ConfigKey.of(
              "zh.request-timeout",
              ValueTypes.positiveDuration(),
              "1s",
              "How long one MAR waits for its MAA before the next HSS peer is tried; all tries"
                  + " together stay within ub.hss-timeout."));

  /** Backoff of a failing peer. */
  public static final ConfigKey<Duration> ZH_PEER_BACKOFF =
      register(
          ConfigKey.of(
              "zh.peer-backoff",
              ValueTypes.positiveDuration(),
              "10s",
              "How long an HSS peer that timed out or answered too-busy is tried last."));

  /** Whether each MAR names the chosen HSS in Destination-Host. */
  public static final ConfigKey<Boolean> ZH_PIN_DESTINATION_HOST =
      register(
          ConfigKey.of(
              "zh.pin-destination-host",
              ValueTypes.bool(),
              "true",
              "Put the chosen HSS peer in each MAR's Destination-Host (direct HSS peers); false"
                  + " when zh.peers are Diameter relay/routing agents, which route by realm."));

  /** GUSSs kept for GUSS-Timestamp. */
  public static final ConfigKey<Integer> ZH_GUSS_CACHE_ENTRIES =
      register(
          ConfigKey.of(
              "zh.guss-cache.entries",
              ValueTypes.integer(0, 1_000_000),
              "10000",
              "How many users' GUSSs the BSF keeps in memory, least recently used out, so that a"
                  + " MAR carries GUSS-Timestamp and the HSS leaves an unchanged GUSS out of the"
                  + " MAA (TS 29.109); a GUSS sent again unchanged is not parsed again either."
                  + " About 1 KB of heap each for a one-USS GUSS; the GUSSs held are also bounded"
                  + " to 1,024 characters each on average, and one over 16 K is never held, so"
                  + " larger GUSSs mean fewer held, not more memory. 0 turns this off."));

  /** How long a GUSS is used on the HSS's word that it is unchanged. */
  public static final ConfigKey<Duration> ZH_GUSS_CACHE_MAX_AGE =
      register(
          ConfigKey.of(
              "zh.guss-cache.max-age",
              ValueTypes.positiveDuration(),
              "1h",
              "How long after the HSS last sent a user's GUSS in full the BSF sends its"
                  + " GUSS-Timestamp: an HSS that deleted a GUSS also answers without one, so"
                  + " this (plus one ub.hss-timeout) bounds how long a deleted GUSS can still be"
                  + " used."));

  /** Whether the BSF answers NAFs on Zn. */
  public static final ConfigKey<Boolean> ZN_ENABLED =
      register(
          ConfigKey.of(
              "zn.enabled",
              ValueTypes.bool(),
              "true",
              "Answer NAFs' Bootstrapping-Info-Requests on Zn (on the Diameter node, port"
                  + " diameter.listen-port)."));

  /** The NAFs and their NAF groups. */
  public static final ConfigKey<java.util.Map<String, String>> ZN_NAFS =
      register(
          ConfigKey.of(
              "zn.nafs",
              EntryTypes.groups(
                  "host=group,…", "must be origin-host=naf-group entries, comma-separated"),
              "naf.home1.net=default",
              "NAFs allowed on Zn as origin-host=naf-group, comma-separated; the group selects"
                  + " the user security settings a NAF may see (docs/zn.md). Other peers are"
                  + " refused at CER with 3010 (unless in zn.naf-realms or zh.peers)."));

  /** NAF realms whose every host is a NAF of the given group. */
  public static final ConfigKey<java.util.Map<String, String>> ZN_NAF_REALMS =
      register(
          ConfigKey.of(
              "zn.naf-realms",
              EntryTypes.groups(
                  "realm=group,…", "must be origin-realm=naf-group entries, comma-separated"),
              "",
              "NAF realms allowed on Zn as origin-realm=naf-group, comma-separated: any NAF"
                  + " host of such a realm passes CER and gets that group, unless zn.nafs"
                  + " names the host. Empty: only the hosts in zn.nafs."));

  /** Further NAF_Id FQDNs a NAF, or every NAF of a group, may ask keys for. */
  public static final ConfigKey<java.util.Map<String, java.util.Set<String>>> ZN_NAF_FQDNS =
      register(
          ConfigKey.of(
              "zn.naf-fqdns",
              EntryTypes.fqdnGrants(
                  "who=fqdn|fqdn,…",
                  "must be naf-host-or-group=fqdn|fqdn entries, comma-separated"),
              "",
              "NAF_Id FQDNs a NAF may use besides its own Origin-Host, as"
                  + " naf-host-or-naf-group=fqdn|fqdn, comma-separated (TS 33.220 §4.5.3; a"
                  + " NAF serving several public names). Any other NAF_Id gets 5402. Empty:"
                  + " each NAF only its own Origin-Host."));

  /** Where authentication vectors come from. */
  public static final ConfigKey<String> HSS_TYPE =
      register(
          ConfigKey.of(
              "hss.type",
              ValueTypes.oneOf("zh", "n65", "udm", "simulated"),
              "zh",
              "Where vectors and GUSS come from: zh (an HSS over Diameter, see zh.* and"
                  + " diameter.*), n65 (an HSS over the SBA, TS 29.562, see n65.* and"
                  + " sbi.client.*), udm (a UDM over N68, TS 29.503, see udm.*; GUSS from"
                  + " udm.default-uss) or simulated (an in-process HSS, for tests)."));

  /** Optional subscriber CSV of the simulated HSS. */
  public static final ConfigKey<Optional<Path>> HSS_SIMULATED_SUBSCRIBERS_CSV =
      register(
          ConfigKey.of(
                  "hss.simulated.subscribers-csv",
                  ValueTypes.optionalPath(),
                  "",
                  "Optional CSV file of subscribers, lines impi,k,opc,amf,sqn in hex; when empty,"
                      + " a generated range is used.")
              .withValidator(Validators.readableFileIfPresent()));

  /** Number of generated subscribers of the simulated HSS. */
  public static final ConfigKey<Integer> HSS_SIMULATED_GENERATED_COUNT =
      register(
          ConfigKey.of(
              "hss.simulated.generated-count",
              ValueTypes.integer(0, 10_000_000),
              "1000",
              "Number of generated subscribers, named `user<N>@<domain>`."));

  /** Domain of the generated IMPIs of the simulated HSS. */
  public static final ConfigKey<String> HSS_SIMULATED_GENERATED_DOMAIN =
      register(
          ConfigKey.of(
              "hss.simulated.generated-domain",
              ValueTypes.hostname(),
              "home1.net",
              "Domain of generated IMPIs."));

  /** Lifetime the simulated HSS puts in each GUSS. */
  public static final ConfigKey<Duration> HSS_SIMULATED_GUSS_LIFETIME =
      register(
          ConfigKey.of(
              "hss.simulated.guss-lifetime",
              ValueTypes.positiveDuration(),
              "1h",
              "Lifetime the simulated HSS puts in each GUSS."));

  /** USS list of the simulated GUSS. */
  public static final ConfigKey<List<org.gbabsf.core.sim.SimulatedGuss.Uss>> HSS_SIMULATED_USS =
      register(
          ConfigKey.of(
              "hss.simulated.uss",
              EntryTypes.ussList(),
              "1:default:1",
              "USSs of the simulated GUSS: TYPE[:NAF-GROUP[:FLAG+FLAG]] separated by ';'."));

  /** Artificial delay of the simulated HSS. */
  public static final ConfigKey<Duration> HSS_SIMULATED_DELAY =
      register(
          ConfigKey.of(
              "hss.simulated.delay",
              ValueTypes.nonNegativeDuration(),
              "0ms",
              "Artificial delay before the simulated HSS answers (fault injection)."));

  private BsfConfigKeys() {}

  /**
   * Every key, in documentation order: the keys of this class, with those of {@link
   * SecurityConfigKeys} after the last key of their section ({@code ub.tls.*} after {@code ub.*}),
   * or at the end for a section of their own.
   */
  public static List<ConfigKey<?>> all() {
    return Merged.ALL;
  }

  /** Built on first use, once both classes have registered their keys. */
  private static final class Merged {
    static final List<ConfigKey<?>> ALL =
        merge(
            merge(
                merge(
                    merge(
                        merge(BsfConfigKeys.ALL, SecurityConfigKeys.keys()), SbaConfigKeys.keys()),
                    SbaClientConfigKeys.keys()),
                NrfConfigKeys.keys()),
            NafProxyConfigKeys.keys());
  }

  static List<ConfigKey<?>> merge(List<ConfigKey<?>> base, List<ConfigKey<?>> more) {
    List<ConfigKey<?>> out = new ArrayList<>(base);
    for (ConfigKey<?> key : more) {
      String section = section(key);
      int at = out.size();
      for (int i = out.size() - 1; i >= 0; i--) {
        if (section(out.get(i)).equals(section)) {
          at = i + 1;
          break;
        }
      }
      out.add(at, key);
    }
    check(out);
    return Collections.unmodifiableList(out);
  }

  private static String section(ConfigKey<?> key) {
    return key.name().substring(0, key.name().indexOf('.'));
  }

  private static void check(List<ConfigKey<?>> keys) {
    for (int i = 0; i < keys.size(); i++) {
      for (int j = 0; j < i; j++) {
        ConfigKey<?> key = keys.get(i);
        ConfigKey<?> existing = keys.get(j);
        if (existing.envVar().equals(key.envVar())) {
          throw new IllegalStateException(
              key.name() + " and " + existing.name() + " share " + key.envVar());
        }
        if (key.name().startsWith(existing.name() + ".")
            || existing.name().startsWith(key.name() + ".")) {
          throw new IllegalStateException(
              key.name() + " and " + existing.name() + ": a key cannot also be a section");
        }
      }
    }
  }

  private static <T> ConfigKey<T> register(ConfigKey<T> key) {
    ALL.add(key);
    return key;
  }
}
