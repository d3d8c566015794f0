package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where challenges and sessions live (memory, Cassandra, hybrid), how long sessions last, and
 * whether keys are sealed.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param sessionMaxLifetime {@code session.max-lifetime}: Upper bound on a bootstrapping session's
 *     lifetime
 * @param type {@code store.type}: Where pending challenges and sessions live
 * @param challenges {@code store.challenges}: How pending challenges are kept when sessions are in
 *     Cassandra
 * @param hybridWriteDelay {@code store.hybrid.write-delay}: How long a hybrid challenge stays only
 *     in memory
 * @param hybridMissWait {@code store.hybrid.miss-wait}: How long an instance that missed a
 *     challenge reads Cassandra again
 * @param memoryMaxChallenges {@code store.memory.max-challenges}: Bound on pending challenges held
 *     in memory
 * @param memoryMaxSessions {@code store.memory.max-sessions}: Bound on security associations held
 *     in memory
 * @param memoryMaxTmpis {@code store.memory.max-tmpis}: Bound on TMPI mappings held in memory
 * @param sealEnabled {@code store.seal.enabled}: Whether keys are sealed at rest
 * @param sealKeyRingFile {@code store.seal.key-ring-file}: The key ring file
 */
public record StoreConfig(
    Duration sessionMaxLifetime,
    String type,
    String challenges,
    Duration hybridWriteDelay,
    Duration hybridMissWait,
    int memoryMaxChallenges,
    int memoryMaxSessions,
    int memoryMaxTmpis,
    boolean sealEnabled,
    Optional<Path> sealKeyRingFile) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Upper bound on a bootstrapping session's lifetime. */
  public static final ConfigKey<Duration> SESSION_MAX_LIFETIME =
      KEYS.add(
          ConfigKey.of(
                  "session.max-lifetime",
                  ValueTypes.positiveDuration(),
                  "1h",
                  "Upper bound on a bootstrapping session's lifetime; the GUSS lifetime, if"
                      + " shorter, wins.")
              .withValidator(Validators.atLeast(Duration.ofMinutes(1))));

  /** Where pending challenges and sessions live. */
  public static final ConfigKey<String> TYPE =
      KEYS.add(
          ConfigKey.of(
              "store.type",
              ValueTypes.oneOf("memory", "cassandra"),
              "memory",
              "Where pending challenges and sessions live: memory keeps them in this process"
                  + " (single node); cassandra shares them between BSF instances (see"
                  + " docs/storage.md)."));

  /** How pending challenges are kept when sessions are in Cassandra. */
  public static final ConfigKey<String> CHALLENGES =
      KEYS.add(
          ConfigKey.of(
              "store.challenges",
              ValueTypes.oneOf("hybrid", "cassandra", "local"),
              "hybrid",
              "With store.type=cassandra, where pending challenges live: hybrid (node cache,"
                  + " written to Cassandra only if still pending after store.hybrid.write-delay),"
                  + " cassandra (every step through"
                  + " Cassandra) or local (node memory only; needs sticky routing)."));

  /** How long a hybrid challenge stays only in memory. */
  public static final ConfigKey<Duration> HYBRID_WRITE_DELAY =
      KEYS.add(
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
  public static final ConfigKey<Duration> HYBRID_MISS_WAIT =
      KEYS.add(
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
  public static final ConfigKey<Integer> MEMORY_MAX_CHALLENGES =
      KEYS.add(
          ConfigKey.of(
              "store.memory.max-challenges",
              ValueTypes.integer(1, 100_000_000),
              "200000",
              "Bound on pending challenges held in memory; when it is reached the oldest challenge"
                  + " is dropped (bsf.store.challenges.evicted), never the new one, so a flood of"
                  + " first requests cannot deny real UEs while flood rate x UE answer time stays"
                  + " below it (docs/ub-conformance.md)."));

  /** Bound on security associations held in memory. */
  public static final ConfigKey<Integer> MEMORY_MAX_SESSIONS =
      KEYS.add(
          ConfigKey.of(
              "store.memory.max-sessions",
              ValueTypes.integer(1, 1_000_000_000),
              "2000000",
              "Bound on security associations (bootstrapping sessions) held in memory."));

  /** Bound on TMPI mappings held in memory. */
  public static final ConfigKey<Integer> MEMORY_MAX_TMPIS =
      KEYS.add(
          ConfigKey.of(
              "store.memory.max-tmpis",
              ValueTypes.integer(1, 1_000_000_000),
              "2000000",
              "Bound on TMPI → IMPI mappings (ub.tmpi.enabled) held in memory; when it is reached"
                  + " a bootstrap allocates no TMPI (bsf.ub.tmpi{outcome=not_stored}) until"
                  + " mappings expire."));

  /** Whether keys are sealed at rest. */
  public static final ConfigKey<Boolean> SEAL_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "store.seal.enabled",
              ValueTypes.bool(),
              "true",
              "Seal every key written to Cassandra (Ks; XRES, CK, IK) with AES-256-GCM under"
                  + " store.seal.key-ring-file, bound to its row (docs/security.md). With"
                  + " store.type=cassandra the key ring is then required; false stores keys in"
                  + " clear, with a WARN at every start."));

  /** The key ring file. */
  public static final ConfigKey<Optional<Path>> SEAL_KEY_RING_FILE =
      KEYS.add(
          KeyGroup.path(
              "store.seal.key-ring-file",
              "Key ring sealing stored keys: lines <id>=<base64 of 32 random octets> and an"
                  + " optional active=<id> (default: the highest id); make a key with 'bsf"
                  + " keyring new'. Mount it from a Secret; reloaded when it changes, so a key is"
                  + " rotated without downtime (docs/security.md)."));

  /** The section from validated values. */
  static StoreConfig from(ResolvedConfig r) {
    return new StoreConfig(
        r.get(SESSION_MAX_LIFETIME),
        r.get(TYPE),
        r.get(CHALLENGES),
        r.get(HYBRID_WRITE_DELAY),
        r.get(HYBRID_MISS_WAIT),
        r.get(MEMORY_MAX_CHALLENGES),
        r.get(MEMORY_MAX_SESSIONS),
        r.get(MEMORY_MAX_TMPIS),
        r.get(SEAL_ENABLED),
        r.get(SEAL_KEY_RING_FILE));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
