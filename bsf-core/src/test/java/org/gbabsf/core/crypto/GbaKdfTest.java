package org.gbabsf.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class GbaKdfTest {

  /** Ks = CK ‖ IK of TS 35.208 test set 1. */
  private static final byte[] KS =
      Hex.decode("b40ba9a3c58b2a05bbf0d987b21bf8cb" + "f769bcd751044604127672711c6d3441");

  /** RAND of TS 35.208 test set 1. */
  private static final byte[] RAND = Hex.decode("23553cbe9637a89d218ae64dae47bf35");

  private static final String IMPI = "user1_private@home1.net";
  private static final byte[] NAF_ID = GbaKdf.nafId("naf.home1.net", Hex.decode("0100000002"));

  private static final String KS_EXT_NAF =
      "d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428";
  private static final String KS_INT_NAF =
      "3b13f4b12c238c0e80670a4ba0224393ef822599a4b0d5adb7fa6ac8269eae09";

  @Test
  void should_derive_ks_ext_naf_when_p0_is_gba_me() {
    assertThat(Hex.encode(GbaKdf.ksNaf(KS, GbaKdf.GBA_ME, RAND, IMPI, NAF_ID)))
        .isEqualTo(KS_EXT_NAF);
  }

  @Test
  void should_derive_ks_int_naf_when_p0_is_gba_u() {
    assertThat(Hex.encode(GbaKdf.ksNaf(KS, GbaKdf.GBA_U, RAND, IMPI, NAF_ID)))
        .isEqualTo(KS_INT_NAF);
  }

  /**
   * TS 33.220 Annex B.4 with the keys above and BSF_Id = "bsf.home1.net" ‖ 01 00 00 01 00 (Annex
   * H.3). No published vector exists; this one was computed separately with Python's hmac over the
   * S of Annex B.2, and is the same derivation as {@link #KS_EXT_NAF} with the BSF as the NAF.
   */
  @Test
  void should_derive_the_tmpi_octets_of_annex_b4_when_given_ks_rand_impi_and_bsf_name() {
    byte[] tmpi = GbaKdf.tmpi(KS, RAND, IMPI, "bsf.home1.net");

    assertThat(Hex.encode(tmpi)).isEqualTo("58490a1ad421f139a6a363d4446876bffcbf96c66926ae1a");
    assertThat(tmpi)
        .isEqualTo(
            java.util.Arrays.copyOf(
                GbaKdf.ksNaf(
                    KS,
                    GbaKdf.GBA_ME,
                    RAND,
                    IMPI,
                    GbaKdf.nafId("bsf.home1.net", Hex.decode("0100000100"))),
                24));
  }

  @Test
  void should_encode_s_as_fc_then_each_parameter_followed_by_its_length_when_deriving()
      throws Exception {
    byte[] key = Hex.decode("000102030405060708090a0b0c0d0e0f");
    byte[] s = Hex.decode("05" + "6162" + "0002" + "010203" + "0003" + "" + "0000");
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    byte[] expected = mac.doFinal(s);

    byte[] actual =
        GbaKdf.kdf(
            key, 0x05, "ab".getBytes(StandardCharsets.US_ASCII), new byte[] {1, 2, 3}, new byte[0]);

    assertThat(actual).hasSize(32).isEqualTo(expected);
  }

  @Test
  void should_hash_fc_alone_when_there_are_no_parameters() throws Exception {
    byte[] key = Hex.decode("0f0e0d0c0b0a09080706050403020100");
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));

    assertThat(GbaKdf.kdf(key, 0xff)).isEqualTo(mac.doFinal(new byte[] {(byte) 0xff}));
  }

  @Test
  void should_match_hand_built_b3_input_when_deriving_ks_naf() throws Exception {
    byte[] s =
        Hex.decode(
            "01"
                + Hex.encode(GbaKdf.GBA_ME.getBytes(StandardCharsets.UTF_8))
                + "0006"
                + Hex.encode(RAND)
                + "0010"
                + Hex.encode(IMPI.getBytes(StandardCharsets.UTF_8))
                + "0017"
                + Hex.encode("naf.home1.net".getBytes(StandardCharsets.UTF_8))
                + "0100000002"
                + "0012");
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(KS, "HmacSHA256"));

    assertThat(Hex.encode(mac.doFinal(s))).isEqualTo(KS_EXT_NAF);
  }

  @Test
  void should_append_ua_protocol_id_to_fqdn_when_building_naf_id() {
    assertThat(Hex.encode(GbaKdf.nafId("a.b", Hex.decode("0100000002"))))
        .isEqualTo("612e62" + "0100000002");
  }

  @Test
  void should_reject_naf_id_when_ua_protocol_id_is_not_5_bytes() {
    assertThatThrownBy(() -> GbaKdf.nafId("naf.home1.net", new byte[4]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GbaKdf.nafId("naf.home1.net", new byte[6]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_reject_kdf_input_when_fc_or_lengths_are_invalid() {
    assertThatThrownBy(() -> GbaKdf.kdf(KS, 0x100)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GbaKdf.kdf(KS, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GbaKdf.kdf(KS, 1, new byte[0x10000]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GbaKdf.ksNaf(new byte[16], GbaKdf.GBA_ME, RAND, IMPI, NAF_ID))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GbaKdf.ksNaf(KS, GbaKdf.GBA_ME, new byte[15], IMPI, NAF_ID))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_give_every_thread_the_same_key_when_derived_concurrently() throws Exception {
    int threads = 8;
    int tasks = 400;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Callable<String>> work = new ArrayList<>();
      for (int i = 0; i < tasks; i++) {
        String p0 = i % 2 == 0 ? GbaKdf.GBA_ME : GbaKdf.GBA_U;
        work.add(() -> p0 + "=" + Hex.encode(GbaKdf.ksNaf(KS, p0, RAND, IMPI, NAF_ID)));
      }
      List<String> results = new ArrayList<>();
      for (Future<String> f : pool.invokeAll(work)) {
        results.add(f.get());
      }

      assertThat(results)
          .hasSize(tasks)
          .containsOnly(GbaKdf.GBA_ME + "=" + KS_EXT_NAF, GbaKdf.GBA_U + "=" + KS_INT_NAF)
          .filteredOn(r -> r.startsWith(GbaKdf.GBA_ME + "="))
          .hasSize(tasks / 2);
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
  }
}
