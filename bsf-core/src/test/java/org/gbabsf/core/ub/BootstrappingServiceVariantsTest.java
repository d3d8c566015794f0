package org.gbabsf.core.ub;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.store.InMemoryTmpiStore;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.core.ub.UbOutcome.Bootstrapped;
import org.gbabsf.core.ub.UbOutcome.Challenge;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.junit.jupiter.api.Test;

/**
 * Ub beyond the plain GBA_ME run: TMPIs (TS 33.220 §4.5.2, Annex B.4) and the UICC types Ub refuses
 * (TS 33.220 §5), against the simulated HSS and USIM and the in-memory stores.
 */
class BootstrappingServiceVariantsTest {

  private static final String BSF = "bsf.home1.net";
  private static final Duration TMPI_LIFETIME = Duration.ofDays(7);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T10:00:00Z"));
  private final GeneratedSubscriberDirectory directory =
      new GeneratedSubscriberDirectory(10, "home1.net");
  private final Impi alice = directory.impi(1);
  private final Impi bob = directory.impi(2);
  private final SimulatedUsim usim = new SimulatedUsim(directory.find(alice).orElseThrow());
  private final InMemorySessionStore sessions = new InMemorySessionStore(100, clock);
  private final InMemoryTmpiStore tmpis = new InMemoryTmpiStore(100, clock);
  private final AtomicInteger hssCalls = new AtomicInteger();

  private BootstrappingService service(SimulatedGuss guss, TmpiStore store, boolean withTmpis) {
    SimulatedHss simulated = new SimulatedHss(directory, guss, Duration.ZERO);
    UbPolicy policy = UbPolicy.defaults(BSF);
    HssClient counted =
        new HssClient() {
          @Override
          public CompletionStage<HssAnswer> fetchVector(Impi impi) {
            hssCalls.incrementAndGet();
            return simulated.fetchVector(impi);
          }

          @Override
          public CompletionStage<HssAnswer> resynchronise(Impi impi, Rand rand, byte[] auts) {
            return simulated.resynchronise(impi, rand, auts);
          }
        };
    return new BootstrappingService(
        counted,
        new InMemoryChallengeStore(100, clock),
        sessions,
        store,
        withTmpis ? policy.withTmpis(TMPI_LIFETIME) : policy,
        clock);
  }

  private BootstrappingService service = service(guss(), tmpis, true);

  private static SimulatedGuss guss() {
    return new SimulatedGuss(Duration.ofMinutes(30));
  }

  private UbOutcome handle(String username, DigestCredentials c, boolean tmpiToken)
      throws Exception {
    return service
        .handle(new UbRequest("GET", "/", c, DigestAka.EMPTY_BODY_MD5, tmpiToken))
        .toCompletableFuture()
        .get(5, TimeUnit.SECONDS);
  }

  private UbOutcome first(String username, boolean tmpiToken) throws Exception {
    return handle(
        username,
        new DigestCredentials(username, BSF, "", "/", "", null, null, null, null, null, null),
        tmpiToken);
  }

  /** One whole bootstrap as the UE {@code usim} under {@code username}; the last outcome. */
  private UbOutcome bootstrap(String username, boolean tmpiToken) throws Exception {
    UbOutcome outcome = first(username, tmpiToken);
    if (!(outcome instanceof Challenge challenge)) {
      return outcome;
    }
    return answer(username, challenge, tmpiToken);
  }

  /** The UE's answer to {@code challenge} under {@code username}. */
  private UbOutcome answer(String username, Challenge challenge, boolean tmpiToken)
      throws Exception {
    return handle(username, answerCredentials(username, challenge), tmpiToken);
  }

  /** The Authorization of the UE's answer to {@code challenge}: the USIM runs AKA once. */
  private DigestCredentials answerCredentials(String username, Challenge challenge) {
    byte[] nonce = Base64.getDecoder().decode(challenge.nonce());
    AkaResult.Success keys =
        (AkaResult.Success)
            usim.authenticate(Arrays.copyOfRange(nonce, 0, 16), Arrays.copyOfRange(nonce, 16, 32));
    String ha1 = DigestAka.ha1(username, BSF, keys.res());
    String response =
        DigestAka.response(
            ha1,
            challenge.nonce(),
            "00000001",
            "c0ffee",
            "auth-int",
            "GET",
            "/",
            DigestAka.EMPTY_BODY_MD5);
    return new DigestCredentials(
        username,
        BSF,
        challenge.nonce(),
        "/",
        response,
        "AKAv1-MD5",
        "auth-int",
        "00000001",
        "c0ffee",
        challenge.opaque(),
        null);
  }

  private SecurityAssociation session(Bootstrapped b) throws Exception {
    return sessions.find(b.btid()).toCompletableFuture().get().orElseThrow();
  }

  /** The TMPI the UE derives after bootstrap {@code b} (TS 33.220 Annex B.4). */
  private Tmpi tmpiOf(Bootstrapped b) throws Exception {
    SecurityAssociation s = session(b);
    return Tmpi.derive(s.ks(), s.rand(), s.impi(), BSF);
  }

  @Test
  void should_map_the_annex_b4_tmpi_to_the_impi_when_the_ue_announced_3gpp_gba_tmpi()
      throws Exception {
    Bootstrapped b = (Bootstrapped) bootstrap(alice.value(), true);

    assertThat(b.tmpi()).isEqualTo(TmpiAllocation.ALLOCATED);
    assertThat(tmpis.find(tmpiOf(b)).toCompletableFuture().get()).contains(alice);
  }

  @Test
  void should_allocate_no_tmpi_when_the_ue_did_not_announce_3gpp_gba_tmpi() throws Exception {
    Bootstrapped b = (Bootstrapped) bootstrap(alice.value(), false);

    assertThat(b.tmpi()).isEqualTo(TmpiAllocation.NOT_ASKED);
    assertThat(tmpis.find(tmpiOf(b)).toCompletableFuture().get()).isEmpty();
  }

  @Test
  void should_bootstrap_the_impi_when_the_ue_presents_the_tmpi_of_its_last_bootstrap()
      throws Exception {
    Bootstrapped first = (Bootstrapped) bootstrap(alice.value(), true);
    Tmpi tmpi = tmpiOf(first);
    clock.advance(Duration.ofHours(2));

    UbOutcome second = bootstrap(tmpi.value(), true);

    assertThat(second).isInstanceOf(Bootstrapped.class);
    Bootstrapped b = (Bootstrapped) second;
    assertThat(session(b).impi()).isEqualTo(alice);
    Tmpi next = tmpiOf(b);
    assertThat(next).isNotEqualTo(tmpi);
    assertThat(tmpis.find(next).toCompletableFuture().get()).contains(alice);
    assertThat(tmpis.find(tmpi).toCompletableFuture().get())
        .as("the TMPI used is retired: one live TMPI a UE")
        .isEmpty();
  }

  @Test
  void should_count_wrong_responses_under_a_tmpi_against_its_impi_and_lock_it_out()
      throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    // Two wrong answers under the TMPI, the third under the IMPI: one counter, the IMPI's.
    List<String> names = List.of(tmpi.value(), tmpi.value(), alice.value());
    assertThat(names).hasSize(UbPolicy.defaults(BSF).maxFailures());
    UbOutcome last = null;
    for (String name : names) {
      Challenge challenge = (Challenge) first(name, true);
      DigestCredentials right = answerCredentials(name, challenge);
      DigestCredentials wrong =
          new DigestCredentials(
              right.username(),
              right.realm(),
              right.nonce(),
              right.uri(),
              "00000000000000000000000000000000",
              right.algorithm(),
              right.qop(),
              right.nc(),
              right.cnonce(),
              right.opaque(),
              null);
      last = handle(name, wrong, true);
    }

    assertThat(last)
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.TOO_MANY_FAILURES));
  }

  @Test
  void should_look_the_tmpi_up_once_when_the_ue_bootstraps_with_it() throws Exception {
    AtomicInteger finds = new AtomicInteger();
    service = service(guss(), counting(finds), true);
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));

    assertThat(bootstrap(tmpi.value(), true)).isInstanceOf(Bootstrapped.class);

    assertThat(finds).hasValue(1);
  }

  @Test
  void should_bootstrap_as_the_challenges_impi_when_the_tmpi_expires_before_the_answer()
      throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    clock.advance(TMPI_LIFETIME.minusSeconds(1));
    Challenge challenge = (Challenge) first(tmpi.value(), true);
    clock.advance(Duration.ofSeconds(2));

    UbOutcome outcome = answer(tmpi.value(), challenge, true);

    assertThat(outcome).isInstanceOf(Bootstrapped.class);
    assertThat(session((Bootstrapped) outcome).impi()).isEqualTo(alice);
  }

  @Test
  void should_challenge_the_tmpis_impi_again_when_its_answer_carries_an_unknown_nonce()
      throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    Challenge issued = (Challenge) first(tmpi.value(), true);
    Challenge forged =
        new Challenge(
            issued.realm(),
            Base64.getEncoder().encodeToString(new byte[32]),
            issued.opaque(),
            ChallengeCause.INITIAL);
    DigestCredentials unknownNonce =
        new DigestCredentials(
            tmpi.value(),
            BSF,
            forged.nonce(),
            "/",
            "00000000000000000000000000000000",
            "AKAv1-MD5",
            "auth-int",
            "00000001",
            "c0ffee",
            forged.opaque(),
            null);

    UbOutcome outcome = handle(tmpi.value(), unknownNonce, true);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Challenge.class, c -> assertThat(c.cause()).isEqualTo(ChallengeCause.UNKNOWN_NONCE));
  }

  @Test
  void should_refuse_a_replayed_answer_under_a_tmpi_when_its_bootstrap_retired_it()
      throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    Challenge challenge = (Challenge) first(tmpi.value(), true);
    DigestCredentials answer = answerCredentials(tmpi.value(), challenge);
    assertThat(handle(tmpi.value(), answer, true)).isInstanceOf(Bootstrapped.class);

    UbOutcome replay = handle(tmpi.value(), answer, true);

    assertThat(replay)
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.TMPI_UNKNOWN));
  }

  @Test
  void should_refuse_with_tmpi_unknown_without_asking_the_hss_when_the_tmpi_is_not_mapped()
      throws Exception {
    Tmpi stranger = Tmpi.derive(new byte[32], Rand.of(new byte[16]), bob, "bsf.other.net");

    UbOutcome outcome = first(stranger.value(), true);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.TMPI_UNKNOWN));
    assertThat(hssCalls).hasValue(0);
  }

  @Test
  void should_refuse_with_tmpi_unknown_when_the_mapping_has_expired() throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    clock.advance(TMPI_LIFETIME.plusSeconds(1));

    assertThat(first(tmpi.value(), true))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.TMPI_UNKNOWN));
  }

  @Test
  void should_refuse_with_tmpi_unknown_when_a_username_in_the_tmpi_realm_is_malformed()
      throws Exception {
    assertThat(first("not-base64!@tmpi.bsf.3gppnetwork.org", true))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.TMPI_UNKNOWN));
  }

  @Test
  void should_refuse_with_tmpi_unknown_when_this_bsf_allocates_no_tmpis() throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    service = service(guss(), tmpis, false);

    assertThat(first(tmpi.value(), true))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.TMPI_UNKNOWN));
    assertThat(service.allocatesTmpis()).isFalse();
  }

  @Test
  void should_bootstrap_and_report_not_stored_when_the_tmpi_store_fails_on_write()
      throws Exception {
    service = service(guss(), failing(), true);

    UbOutcome outcome = bootstrap(alice.value(), true);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Bootstrapped.class, b -> assertThat(b.tmpi()).isEqualTo(TmpiAllocation.NOT_STORED));
  }

  @Test
  void should_answer_store_unavailable_when_the_tmpi_store_fails_on_lookup() throws Exception {
    Tmpi tmpi = tmpiOf((Bootstrapped) bootstrap(alice.value(), true));
    service = service(guss(), failing(), true);

    assertThat(first(tmpi.value(), true))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.STORE_UNAVAILABLE));
  }

  @Test
  void should_refuse_gba_u_without_a_challenge_when_the_guss_says_gba_u() throws Exception {
    service = service(guss().withUiccType(alice, "GBA_U"), tmpis, true);

    UbOutcome outcome = first(alice.value(), false);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Rejected.class,
            r -> assertThat(r.reason()).isEqualTo(RejectReason.GBA_U_NOT_SUPPORTED));
  }

  @Test
  void should_still_serve_gba_me_users_when_another_users_guss_says_gba_u() throws Exception {
    service = service(guss().withUiccType(bob, "GBA_U"), tmpis, true);

    assertThat(bootstrap(alice.value(), false)).isInstanceOf(Bootstrapped.class);
  }

  @Test
  void should_refuse_uicc_type_unknown_when_the_guss_names_another_type() throws Exception {
    service = service(guss().withUiccType(alice, "GBA_X"), tmpis, true);

    assertThat(first(alice.value(), false))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(RejectReason.UICC_TYPE_UNKNOWN));
  }

  private TmpiStore counting(AtomicInteger finds) {
    return new TmpiStore() {
      @Override
      public CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt) {
        return tmpis.put(tmpi, impi, expiresAt);
      }

      @Override
      public CompletionStage<Optional<Impi>> find(Tmpi tmpi) {
        finds.incrementAndGet();
        return tmpis.find(tmpi);
      }

      @Override
      public CompletionStage<Void> remove(Tmpi tmpi) {
        return tmpis.remove(tmpi);
      }
    };
  }

  private static TmpiStore failing() {
    return new TmpiStore() {
      @Override
      public CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt) {
        return CompletableFuture.failedFuture(new StoreException("cassandra put failed"));
      }

      @Override
      public CompletionStage<Optional<Impi>> find(Tmpi tmpi) {
        return CompletableFuture.failedFuture(new StoreException("cassandra read failed"));
      }

      @Override
      public CompletionStage<Void> remove(Tmpi tmpi) {
        return CompletableFuture.failedFuture(new StoreException("cassandra delete failed"));
      }
    };
  }
}
