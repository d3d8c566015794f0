package org.gbabsf.core.ub;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.core.ub.UbOutcome.Bootstrapped;
import org.gbabsf.core.ub.UbOutcome.Challenge;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BootstrappingServiceTest {

  private static final String REALM = "bsf.home1.net";

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
  private final GeneratedSubscriberDirectory directory =
      new GeneratedSubscriberDirectory(10, "home1.net");
  private final Impi alice = directory.impi(1);
  private final SimulatedUsim usim = new SimulatedUsim(directory.find(alice).orElseThrow());
  private final InMemorySessionStore sessions = new InMemorySessionStore(100, clock);
  private BootstrappingService service = serviceWith(Duration.ofMinutes(30), Duration.ZERO);

  private BootstrappingService serviceWith(Duration gussLifetime, Duration hssDelay) {
    SimulatedHss hss = new SimulatedHss(directory, new SimulatedGuss(gussLifetime), hssDelay);
    UbPolicy policy =
        new UbPolicy(
            REALM,
            REALM,
            Duration.ofMinutes(5),
            Duration.ofHours(1),
            3,
            Duration.ofMinutes(5),
            Duration.ofMillis(200),
            Duration.ofSeconds(2));
    return new BootstrappingService(
        hss, new InMemoryChallengeStore(100, clock), sessions, policy, clock);
  }

  private UbOutcome handle(DigestCredentials c) throws Exception {
    return service
        .handle(new UbRequest("GET", "/", c, DigestAka.EMPTY_BODY_MD5))
        .toCompletableFuture()
        .get(5, TimeUnit.SECONDS);
  }

  private static DigestCredentials initial(Impi impi) {
    return new DigestCredentials(
        impi.value(), REALM, "", "/", "", null, null, null, null, null, null);
  }

  /** The UE's answer to {@code challenge} with {@code password} (RES, or empty with AUTS). */
  private static DigestCredentials answer(
      Impi impi, Challenge challenge, byte[] password, String qop, String auts) {
    String cnonce = "0a4f113b";
    String nc = "00000001";
    String ha1 = DigestAka.ha1(impi.value(), REALM, password);
    String response =
        DigestAka.response(
            ha1, challenge.nonce(), nc, cnonce, qop, "GET", "/", DigestAka.EMPTY_BODY_MD5);
    return new DigestCredentials(
        impi.value(),
        REALM,
        challenge.nonce(),
        "/",
        response,
        "AKAv1-MD5",
        qop,
        nc,
        cnonce,
        challenge.opaque(),
        auts);
  }

  private AkaResult.Success runAka(Challenge challenge) {
    byte[] nonce = Base64.getDecoder().decode(challenge.nonce());
    AkaResult result =
        usim.authenticate(Arrays.copyOfRange(nonce, 0, 16), Arrays.copyOfRange(nonce, 16, 32));
    assertThat(result).isInstanceOf(AkaResult.Success.class);
    return (AkaResult.Success) result;
  }

  private Challenge firstChallenge() throws Exception {
    UbOutcome outcome = handle(initial(alice));
    assertThat(outcome).isInstanceOf(Challenge.class);
    return (Challenge) outcome;
  }

  @Test
  void should_challenge_with_base64_rand_autn_when_first_request_has_empty_nonce()
      throws Exception {
    Challenge challenge = firstChallenge();

    assertThat(challenge.realm()).isEqualTo(REALM);
    assertThat(challenge.cause()).isEqualTo(ChallengeCause.INITIAL);
    assertThat(Base64.getDecoder().decode(challenge.nonce())).hasSize(32);
    assertThat(challenge.opaque()).matches("[0-9a-f]{32}");
    runAka(challenge); // the USIM authenticates the network by AUTN
  }

  @Test
  void should_challenge_when_first_request_omits_nonce_realm_and_uri() throws Exception {
    DigestCredentials bare =
        new DigestCredentials(
            alice.value(), null, null, null, null, null, null, null, null, null, null);

    assertThat(handle(bare)).isInstanceOf(Challenge.class);
  }

  @Test
  void should_bootstrap_with_btid_of_rand_and_ks_of_ck_ik_when_response_uses_res()
      throws Exception {
    Challenge challenge = firstChallenge();
    AkaResult.Success keys = runAka(challenge);

    UbOutcome outcome = handle(answer(alice, challenge, keys.res(), "auth-int", null));

    assertThat(outcome).isInstanceOf(Bootstrapped.class);
    Bootstrapped b = (Bootstrapped) outcome;
    byte[] rand = Arrays.copyOfRange(Base64.getDecoder().decode(challenge.nonce()), 0, 16);
    assertThat(b.btid().value()).isEqualTo(Base64.getEncoder().encodeToString(rand) + "@" + REALM);
    SecurityAssociation stored = sessions.find(b.btid()).toCompletableFuture().get().orElseThrow();
    byte[] ks = new byte[32];
    System.arraycopy(keys.ck(), 0, ks, 0, 16);
    System.arraycopy(keys.ik(), 0, ks, 16, 16);
    assertThat(stored.ks()).isEqualTo(ks);
    assertThat(stored.impi()).isEqualTo(alice);
    assertThat(stored.rand()).isEqualTo(Rand.of(rand));
    assertThat(stored.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(30)));
    assertThat(new String(b.body(), "UTF-8"))
        .contains("<btid>" + b.btid().value() + "</btid>")
        .contains("<lifetime>2026-11-22T10:30:00Z</lifetime>");
  }

  @Test
  void should_prove_knowledge_of_xres_in_rspauth_when_bootstrapped() throws Exception {
    Challenge challenge = firstChallenge();
    AkaResult.Success keys = runAka(challenge);

    Bootstrapped b = (Bootstrapped) handle(answer(alice, challenge, keys.res(), "auth-int", null));

    String ha1 = DigestAka.ha1(alice.value(), REALM, keys.res());
    assertThat(b.rspauth())
        .isEqualTo(
            DigestAka.rspauth(
                ha1,
                challenge.nonce(),
                "00000001",
                "0a4f113b",
                "auth-int",
                "/",
                DigestAka.md5Hex(b.body())));
    assertThat(b.qop()).isEqualTo("auth-int");
    assertThat(b.cnonce()).isEqualTo("0a4f113b");
    assertThat(b.nc()).isEqualTo("00000001");
  }

  @Test
  void should_bootstrap_when_ue_answers_with_qop_auth() throws Exception {
    Challenge challenge = firstChallenge();

    UbOutcome outcome = handle(answer(alice, challenge, runAka(challenge).res(), "auth", null));

    assertThat(outcome).isInstanceOf(Bootstrapped.class);
    assertThat(((Bootstrapped) outcome).qop()).isEqualTo("auth");
  }

  @Test
  void should_cap_lifetime_at_policy_maximum_when_guss_lifetime_is_longer() throws Exception {
    service = serviceWith(Duration.ofDays(1), Duration.ZERO);
    Challenge challenge = firstChallenge();

    Bootstrapped b =
        (Bootstrapped) handle(answer(alice, challenge, runAka(challenge).res(), "auth-int", null));

    assertThat(b.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofHours(1)));
  }

  @Test
  void should_send_a_fresh_challenge_and_store_nothing_when_response_is_wrong() throws Exception {
    Challenge challenge = firstChallenge();
    byte[] wrongRes = runAka(challenge).res();
    wrongRes[0] ^= 1;

    UbOutcome outcome = handle(answer(alice, challenge, wrongRes, "auth-int", null));

    assertThat(outcome).isInstanceOf(Challenge.class);
    assertThat(((Challenge) outcome).cause()).isEqualTo(ChallengeCause.WRONG_RESPONSE);
    assertThat(((Challenge) outcome).nonce()).isNotEqualTo(challenge.nonce());
    assertThat(sessions.size()).isZero();
  }

  @Test
  void should_refuse_when_wrong_responses_reach_the_limit_within_the_window() throws Exception {
    UbOutcome outcome = firstChallenge();
    for (int i = 0; i < 3; i++) {
      assertThat(outcome).isInstanceOf(Challenge.class);
      outcome = handle(answer(alice, (Challenge) outcome, new byte[8], "auth-int", null));
    }

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.TOO_MANY_FAILURES);
  }

  @Test
  void should_start_counting_afresh_when_the_failure_window_has_passed() throws Exception {
    Challenge c = firstChallenge();
    c = (Challenge) handle(answer(alice, c, new byte[8], "auth-int", null));
    c = (Challenge) handle(answer(alice, c, new byte[8], "auth-int", null));
    clock.advance(Duration.ofMinutes(6));

    UbOutcome outcome = handle(answer(alice, c, new byte[8], "auth-int", null));

    assertThat(outcome).isInstanceOf(Challenge.class);
  }

  @Test
  void should_challenge_again_when_a_used_nonce_is_replayed() throws Exception {
    Challenge challenge = firstChallenge();
    DigestCredentials second = answer(alice, challenge, runAka(challenge).res(), "auth-int", null);
    assertThat(handle(second)).isInstanceOf(Bootstrapped.class);

    UbOutcome replay = handle(second);

    assertThat(replay).isInstanceOf(Challenge.class);
    assertThat(((Challenge) replay).cause()).isEqualTo(ChallengeCause.UNKNOWN_NONCE);
    assertThat(sessions.size()).isEqualTo(1);
  }

  @Test
  void should_challenge_again_when_the_challenge_has_expired() throws Exception {
    Challenge challenge = firstChallenge();
    DigestCredentials second = answer(alice, challenge, runAka(challenge).res(), "auth-int", null);
    clock.advance(Duration.ofMinutes(5));

    UbOutcome outcome = handle(second);

    assertThat(outcome).isInstanceOf(Challenge.class);
    assertThat(((Challenge) outcome).cause()).isEqualTo(ChallengeCause.UNKNOWN_NONCE);
  }

  @Test
  void should_resynchronise_and_then_bootstrap_when_ue_sends_auts() throws Exception {
    usim.desynchronise(1_000_000);
    Challenge challenge = firstChallenge();
    byte[] nonce = Base64.getDecoder().decode(challenge.nonce());
    AkaResult sync =
        usim.authenticate(Arrays.copyOfRange(nonce, 0, 16), Arrays.copyOfRange(nonce, 16, 32));
    assertThat(sync).isInstanceOf(AkaResult.SyncFailure.class);
    String auts = Base64.getEncoder().encodeToString(((AkaResult.SyncFailure) sync).auts());

    UbOutcome resynced = handle(answer(alice, challenge, new byte[0], "auth-int", auts));

    assertThat(resynced).isInstanceOf(Challenge.class);
    Challenge fresh = (Challenge) resynced;
    assertThat(fresh.cause()).isEqualTo(ChallengeCause.RESYNC);
    AkaResult.Success keys = runAka(fresh);
    assertThat(handle(answer(alice, fresh, keys.res(), "auth-int", null)))
        .isInstanceOf(Bootstrapped.class);
  }

  @Test
  void should_count_a_failure_when_auts_comes_with_a_response_over_res() throws Exception {
    Challenge challenge = firstChallenge();
    String auts = Base64.getEncoder().encodeToString(new byte[14]);

    UbOutcome outcome = handle(answer(alice, challenge, runAka(challenge).res(), "auth-int", auts));

    assertThat(outcome).isInstanceOf(Challenge.class);
    assertThat(((Challenge) outcome).cause()).isEqualTo(ChallengeCause.WRONG_RESPONSE);
  }

  @Test
  void should_reject_as_hss_refused_when_auts_mac_does_not_verify() throws Exception {
    Challenge challenge = firstChallenge();
    String auts = Base64.getEncoder().encodeToString(new byte[14]);

    UbOutcome outcome = handle(answer(alice, challenge, new byte[0], "auth-int", auts));

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.HSS_REFUSED);
  }

  @Test
  void should_treat_as_wrong_response_when_nonce_was_issued_to_another_impi() throws Exception {
    Challenge challenge = firstChallenge();
    Impi bob = directory.impi(2);

    UbOutcome outcome = handle(answer(bob, challenge, runAka(challenge).res(), "auth-int", null));

    assertThat(outcome).isInstanceOf(Challenge.class);
    assertThat(((Challenge) outcome).cause()).isEqualTo(ChallengeCause.WRONG_RESPONSE);
    assertThat(sessions.size()).isZero();
  }

  @Test
  void should_reject_user_unknown_when_hss_does_not_know_the_impi() throws Exception {
    UbOutcome outcome = handle(initial(new Impi("nobody@home1.net")));

    assertThat(outcome).isEqualTo(new Rejected(RejectReason.USER_UNKNOWN, "unknown user"));
  }

  @Test
  void should_answer_hss_unavailable_when_hss_is_slower_than_the_budget() throws Exception {
    service = serviceWith(Duration.ofMinutes(30), Duration.ofSeconds(30));

    UbOutcome outcome = handle(initial(alice));

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.HSS_UNAVAILABLE);
  }

  @Test
  void should_answer_store_unavailable_when_the_challenge_store_fails() throws Exception {
    ChallengeStore broken =
        new ChallengeStore() {
          @Override
          public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
            return CompletableFuture.failedFuture(new StoreException("down"));
          }

          @Override
          public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
            return CompletableFuture.failedFuture(new StoreException("down"));
          }
        };
    service =
        new BootstrappingService(
            new SimulatedHss(directory, new SimulatedGuss(Duration.ofHours(1)), Duration.ZERO),
            broken,
            sessions,
            UbPolicy.defaults(REALM),
            clock);

    UbOutcome outcome = handle(initial(alice));

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.STORE_UNAVAILABLE);
  }

  @Test
  void
      should_answer_store_unavailable_before_asking_the_hss_when_the_session_store_is_not_accepting()
          throws Exception {
    java.util.concurrent.atomic.AtomicInteger hssCalls =
        new java.util.concurrent.atomic.AtomicInteger();
    org.gbabsf.core.port.HssClient countingHss =
        new org.gbabsf.core.port.HssClient() {
          @Override
          public CompletionStage<org.gbabsf.core.port.HssAnswer> fetchVector(
              org.gbabsf.core.domain.Impi impi) {
            hssCalls.incrementAndGet();
            return new CompletableFuture<>();
          }

          @Override
          public CompletionStage<org.gbabsf.core.port.HssAnswer> resynchronise(
              org.gbabsf.core.domain.Impi impi, Rand rand, byte[] auts) {
            hssCalls.incrementAndGet();
            return new CompletableFuture<>();
          }
        };
    org.gbabsf.core.port.SessionStore notConnected =
        new org.gbabsf.core.port.SessionStore() {
          @Override
          public CompletionStage<Void> put(SecurityAssociation session) {
            return CompletableFuture.failedFuture(new StoreException("not connected"));
          }

          @Override
          public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
            return CompletableFuture.failedFuture(new StoreException("not connected"));
          }

          @Override
          public boolean accepting() {
            return false;
          }
        };
    service =
        new BootstrappingService(
            countingHss,
            new InMemoryChallengeStore(100, clock),
            notConnected,
            UbPolicy.defaults(REALM),
            clock);

    UbOutcome outcome = handle(initial(alice));

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.STORE_UNAVAILABLE);
    assertThat(((Rejected) outcome).detail()).isEqualTo("session store not connected");
    assertThat(hssCalls).hasValue(0);
  }

  @Test
  void should_reject_missing_identity_when_no_credentials_are_given() throws Exception {
    UbOutcome outcome =
        service
            .handle(new UbRequest("GET", "/", null, DigestAka.EMPTY_BODY_MD5))
            .toCompletableFuture()
            .get();

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.MISSING_IDENTITY);
  }

  static Stream<Arguments> malformedAnswers() {
    return Stream.of(
        Arguments.of("wrong realm", edit(c -> with(c, "realm", "other.net"))),
        Arguments.of("missing realm", edit(c -> with(c, "realm", null))),
        Arguments.of("wrong uri", edit(c -> with(c, "uri", "/other"))),
        Arguments.of("nonce not base64", edit(c -> with(c, "nonce", "!!!not base64!!!"))),
        Arguments.of(
            "nonce of 16 octets",
            edit(c -> with(c, "nonce", Base64.getEncoder().encodeToString(new byte[16])))),
        Arguments.of("auts not base64", edit(c -> with(c, "auts", "%%%"))),
        Arguments.of(
            "auts of 13 octets",
            edit(c -> with(c, "auts", Base64.getEncoder().encodeToString(new byte[13])))),
        Arguments.of("qop missing", edit(c -> with(c, "qop", null))),
        Arguments.of("qop auth-conf", edit(c -> with(c, "qop", "auth-conf"))),
        Arguments.of("nc too short", edit(c -> with(c, "nc", "1"))),
        Arguments.of("cnonce missing", edit(c -> with(c, "cnonce", null))),
        Arguments.of("response not hex", edit(c -> with(c, "response", "z".repeat(32)))),
        Arguments.of("response missing", edit(c -> with(c, "response", null))),
        Arguments.of("algorithm MD5", edit(c -> with(c, "algorithm", "MD5"))));
  }

  private static UnaryOperator<DigestCredentials> edit(UnaryOperator<DigestCredentials> f) {
    return f;
  }

  private static DigestCredentials with(DigestCredentials c, String field, String value) {
    return new DigestCredentials(
        c.username(),
        field.equals("realm") ? value : c.realm(),
        field.equals("nonce") ? value : c.nonce(),
        field.equals("uri") ? value : c.uri(),
        field.equals("response") ? value : c.response(),
        field.equals("algorithm") ? value : c.algorithm(),
        field.equals("qop") ? value : c.qop(),
        field.equals("nc") ? value : c.nc(),
        field.equals("cnonce") ? value : c.cnonce(),
        c.opaque(),
        field.equals("auts") ? value : c.auts());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedAnswers")
  void should_reject_as_malformed_and_keep_the_challenge_when_answer_is_inconsistent(
      String name, UnaryOperator<DigestCredentials> corrupt) throws Exception {
    Challenge challenge = firstChallenge();
    DigestCredentials good = answer(alice, challenge, runAka(challenge).res(), "auth-int", null);

    UbOutcome outcome = handle(corrupt.apply(good));

    assertThat(outcome).isInstanceOf(Rejected.class);
    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectReason.MALFORMED_REQUEST);
    assertThat(handle(good)).isInstanceOf(Bootstrapped.class);
  }

  @Test
  void should_expose_btid_built_from_rand_and_bsf_name_when_spec_example_is_used() {
    Rand rand = Rand.of(org.gbabsf.core.crypto.Hex.decode("23553cbe9637a89d218ae64dae47bf35"));

    assertThat(BTid.of(rand, "bsf.home1.net").value())
        .isEqualTo("I1U8vpY3qJ0hiuZNrke/NQ==@bsf.home1.net");
  }

  /** A challenge store whose every call behaves as {@code behaviour} says. */
  private static ChallengeStore challengeStore(
      java.util.function.Supplier<CompletionStage<Void>> onPut,
      java.util.function.Supplier<CompletionStage<Optional<PendingChallenge>>> onTake) {
    return new ChallengeStore() {
      @Override
      public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
        return onPut.get();
      }

      @Override
      public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
        return onTake.get();
      }
    };
  }

  private BootstrappingService serviceWithStores(
      ChallengeStore challenges, org.gbabsf.core.port.SessionStore sessionStore) {
    UbPolicy d = UbPolicy.defaults(REALM);
    UbPolicy policy =
        new UbPolicy(
            REALM,
            REALM,
            d.challengeValidity(),
            d.maxLifetime(),
            3,
            d.failureWindow(),
            Duration.ofSeconds(2),
            Duration.ofMillis(150));
    return new BootstrappingService(
        new SimulatedHss(directory, new SimulatedGuss(Duration.ofHours(1)), Duration.ZERO),
        challenges,
        sessionStore,
        policy,
        clock);
  }

  private static RejectReason reason(UbOutcome outcome) {
    assertThat(outcome).isInstanceOf(Rejected.class);
    return ((Rejected) outcome).reason();
  }

  @Test
  void should_answer_store_unavailable_when_taking_the_challenge_fails() throws Exception {
    Challenge challenge = firstChallenge();
    DigestCredentials answer = answer(alice, challenge, runAka(challenge).res(), "auth-int", null);
    service =
        serviceWithStores(
            challengeStore(
                () -> CompletableFuture.completedFuture(null),
                () -> CompletableFuture.failedFuture(new StoreException("down"))),
            sessions);

    assertThat(reason(handle(answer))).isEqualTo(RejectReason.STORE_UNAVAILABLE);
    assertThat(sessions.size()).isZero();
  }

  @Test
  void should_answer_store_unavailable_and_not_200_when_the_session_write_fails() throws Exception {
    InMemoryChallengeStore challenges = new InMemoryChallengeStore(100, clock);
    org.gbabsf.core.port.SessionStore failing =
        new org.gbabsf.core.port.SessionStore() {
          @Override
          public CompletionStage<Void> put(SecurityAssociation session) {
            return CompletableFuture.failedFuture(new StoreException("write timeout"));
          }

          @Override
          public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
            return CompletableFuture.completedFuture(Optional.empty());
          }
        };
    service = serviceWithStores(challenges, failing);
    Challenge challenge = firstChallenge();

    UbOutcome outcome = handle(answer(alice, challenge, runAka(challenge).res(), "auth-int", null));

    assertThat(reason(outcome)).isEqualTo(RejectReason.STORE_UNAVAILABLE);
  }

  @Test
  void should_answer_store_unavailable_when_the_store_is_slower_than_the_budget() throws Exception {
    service =
        serviceWithStores(challengeStore(CompletableFuture::new, CompletableFuture::new), sessions);

    assertThat(reason(handle(initial(alice)))).isEqualTo(RejectReason.STORE_UNAVAILABLE);
  }

  @Test
  void should_answer_store_unavailable_when_the_store_throws_instead_of_failing_its_stage()
      throws Exception {
    service =
        serviceWithStores(
            challengeStore(
                () -> {
                  throw new IllegalStateException("driver bug");
                },
                CompletableFuture::new),
            sessions);

    assertThat(reason(handle(initial(alice)))).isEqualTo(RejectReason.STORE_UNAVAILABLE);
  }

  @Test
  void should_answer_hss_unavailable_when_the_hss_client_throws() throws Exception {
    service =
        new BootstrappingService(
            new org.gbabsf.core.port.HssClient() {
              @Override
              public CompletionStage<org.gbabsf.core.port.HssAnswer> fetchVector(Impi impi) {
                throw new IllegalStateException("client bug");
              }

              @Override
              public CompletionStage<org.gbabsf.core.port.HssAnswer> resynchronise(
                  Impi impi, Rand rand, byte[] auts) {
                throw new IllegalStateException("client bug");
              }
            },
            new InMemoryChallengeStore(100, clock),
            sessions,
            UbPolicy.defaults(REALM),
            clock);

    assertThat(reason(handle(initial(alice)))).isEqualTo(RejectReason.HSS_UNAVAILABLE);
  }

  @Test
  void should_reject_as_malformed_when_username_is_not_a_valid_impi() throws Exception {
    DigestCredentials spaced =
        new DigestCredentials(
            "user 1@home1.net", REALM, "", "/", "", null, null, null, null, null, null);

    assertThat(reason(handle(spaced))).isEqualTo(RejectReason.MALFORMED_REQUEST);
  }

  @Test
  void should_keep_rand_out_of_text_when_outcomes_and_btids_are_printed() throws Exception {
    Challenge challenge = firstChallenge();
    Bootstrapped b =
        (Bootstrapped) handle(answer(alice, challenge, runAka(challenge).res(), "auth-int", null));
    String randBase64 = b.btid().value().substring(0, b.btid().value().indexOf('@'));

    assertThat(challenge.toString()).doesNotContain(challenge.nonce());
    assertThat(b.toString()).doesNotContain(randBase64);
    assertThat(b.btid().toString()).doesNotContain(randBase64).endsWith("@bsf.home1.net]");
    assertThat(sessions.find(b.btid()).toCompletableFuture().get().orElseThrow().toString())
        .doesNotContain(randBase64);
  }

  @Test
  void should_write_the_same_session_when_an_answer_is_replayed_later() throws Exception {
    Challenge challenge = firstChallenge();
    DigestCredentials second = answer(alice, challenge, runAka(challenge).res(), "auth-int", null);
    clock.advance(Duration.ofSeconds(90));

    Bootstrapped b = (Bootstrapped) handle(second);

    assertThat(b.expiresAt())
        .as("expiry counts from the challenge, so a replay re-creates the identical session")
        .isEqualTo(Instant.parse("2026-11-22T10:30:00Z"));
  }
}
