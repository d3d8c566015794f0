package org.gbabsf.core.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

class KeyServiceTest {

  // TS 35.208 test set 1 and the Ks_NAF cross-check vector of the Ub issue (TS 33.220 B.3).
  private static final byte[] KS =
      Hex.decode("b40ba9a3c58b2a05bbf0d987b21bf8cbf769bcd751044604127672711c6d3441");
  private static final Rand RAND = Rand.of(Hex.decode("23553cbe9637a89d218ae64dae47bf35"));
  private static final Impi IMPI = new Impi("user1_private@home1.net");
  private static final NafId NAF = new NafId("naf.home1.net", Hex.decode("0100000002"));
  private static final String KS_EXT_NAF =
      "d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428";
  private static final String KS_INT_NAF =
      "3b13f4b12c238c0e80670a4ba0224393ef822599a4b0d5adb7fa6ac8269eae09";

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
  private final InMemorySessionStore sessions = new InMemorySessionStore(100, clock);
  private final KeyService service = new KeyService(sessions, clock, Duration.ofSeconds(1));

  private static UserSecuritySetting uss(String id, int type, String group) {
    return new UserSecuritySetting(
        id, type, group, List.of("sip:user1_public1@home1.net"), List.of(1));
  }

  private BTid store(UiccType uicc, List<UserSecuritySetting> uss) throws Exception {
    BTid btid = BTid.of(RAND, "bsf.home1.net");
    Guss guss = new Guss("<guss/>", uicc, Optional.of(Duration.ofHours(1)), uss);
    sessions
        .put(
            new SecurityAssociation(
                btid,
                IMPI,
                KS,
                RAND,
                clock.instant(),
                clock.instant().plus(Duration.ofHours(1)),
                guss,
                GbaType.THREE_G))
        .toCompletableFuture()
        .get();
    return btid;
  }

  private ZnOutcome ask(BTid btid, String group, List<Integer> services, boolean gbaUAware)
      throws Exception {
    return service
        .handle(new KeyService.Request(btid, NAF, group, services, gbaUAware))
        .toCompletableFuture()
        .get(5, TimeUnit.SECONDS);
  }

  @Test
  void should_derive_the_spec_ks_ext_naf_with_times_and_type_when_the_btid_is_live()
      throws Exception {
    BTid btid = store(UiccType.GBA, List.of(uss("1", 1, "default")));

    ZnOutcome.Keys keys = (ZnOutcome.Keys) ask(btid, "default", List.of(), false);

    assertThat(Hex.encode(keys.ksExtNaf())).isEqualTo(KS_EXT_NAF);
    assertThat(keys.ksIntNaf()).isEmpty();
    assertThat(keys.impi()).isEqualTo(IMPI);
    assertThat(keys.createdAt()).isEqualTo(clock.instant());
    assertThat(keys.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofHours(1)));
    assertThat(keys.gbaType()).isEqualTo(GbaType.THREE_G);
    assertThat(keys.toString()).doesNotContain(KS_EXT_NAF.substring(0, 16));
  }

  @Test
  void should_add_the_spec_ks_int_naf_when_the_user_is_gba_u_and_the_naf_is_aware()
      throws Exception {
    BTid btid = store(UiccType.GBA_U, List.of());

    ZnOutcome.Keys keys = (ZnOutcome.Keys) ask(btid, "any", List.of(), true);

    assertThat(Hex.encode(keys.ksExtNaf())).isEqualTo(KS_EXT_NAF);
    assertThat(keys.ksIntNaf()).map(Hex::encode).contains(KS_INT_NAF);
  }

  @Test
  void should_leave_out_ks_int_naf_when_the_naf_is_not_gba_u_aware() throws Exception {
    BTid btid = store(UiccType.GBA_U, List.of());

    assertThat(((ZnOutcome.Keys) ask(btid, "any", List.of(), false)).ksIntNaf()).isEmpty();
  }

  @Test
  void should_refuse_any_key_when_the_naf_id_carries_the_tmpi_protocol_id() throws Exception {
    BTid btid = store(UiccType.GBA, List.of(uss("1", 1, "default")));
    NafId bsfAsNaf = new NafId("bsf.home1.net", Hex.decode("0100000100"));

    ZnOutcome outcome =
        service
            .handle(new KeyService.Request(btid, bsfAsNaf, "default", List.of(), false))
            .toCompletableFuture()
            .get(5, TimeUnit.SECONDS);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ZnOutcome.NotAuthorised.class,
            refused -> assertThat(refused.toString()).contains("TMPI"));
  }

  @Test
  void should_answer_unknown_btid_when_no_session_has_it() throws Exception {
    assertThat(ask(new BTid("AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net"), "g", List.of(), false))
        .isInstanceOf(ZnOutcome.UnknownBtid.class);
  }

  @Test
  void should_answer_unknown_btid_when_the_session_has_expired() throws Exception {
    BTid btid = store(UiccType.GBA, List.of());
    clock.advance(Duration.ofHours(1));

    assertThat(ask(btid, "g", List.of(), false)).isInstanceOf(ZnOutcome.UnknownBtid.class);
  }

  @Test
  void should_refuse_and_hide_settings_when_the_naf_group_has_no_uss() throws Exception {
    BTid btid = store(UiccType.GBA, List.of(uss("1", 1, "ims"), uss("2", 2, "xcap")));

    ZnOutcome outcome = ask(btid, "mbms", List.of(), false);

    assertThat(outcome).isInstanceOf(ZnOutcome.NotAuthorised.class);
  }

  @Test
  void should_give_only_the_naf_groups_and_requested_services_settings_when_filtering()
      throws Exception {
    BTid btid =
        store(
            UiccType.GBA,
            List.of(uss("1", 1, "ims"), uss("2", 2, "ims"), uss("3", 1, "xcap"), uss("4", 5, "")));

    ZnOutcome.Keys keys = (ZnOutcome.Keys) ask(btid, "ims", List.of(1, 5), false);

    assertThat(keys.visibleUss()).extracting(UserSecuritySetting::id).containsExactly("1", "4");
    assertThat(keys.gussXml())
        .contains("<uss id=\"1\" type=\"1\" nafGroup=\"ims\">")
        .contains("<uss id=\"4\" type=\"5\">")
        .doesNotContain("xcap")
        .doesNotContain("id=\"2\"")
        .contains("<lifeTime>3600</lifeTime>");
  }

  @Test
  void should_answer_store_unavailable_when_the_store_fails() throws Exception {
    SessionStore broken =
        new SessionStore() {
          @Override
          public CompletionStage<Void> put(SecurityAssociation session) {
            return CompletableFuture.failedFuture(new StoreException("down"));
          }

          @Override
          public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
            return CompletableFuture.failedFuture(new StoreException("down"));
          }
        };

    ZnOutcome outcome =
        new KeyService(broken, clock, Duration.ofSeconds(1))
            .handle(
                new KeyService.Request(BTid.of(RAND, "bsf.home1.net"), NAF, "g", List.of(), false))
            .toCompletableFuture()
            .get(5, TimeUnit.SECONDS);

    assertThat(outcome).isInstanceOf(ZnOutcome.StoreUnavailable.class);
  }

  @Test
  void should_split_fqdn_and_protocol_id_when_parsing_a_naf_id_avp() {
    NafId parsed = NafId.parse(NAF.octets()).orElseThrow();

    assertThat(parsed).isEqualTo(NAF);
    assertThat(NafId.parse(new byte[5])).isEmpty();
  }
}
