package org.gbabsf.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class MilenageTest {

  /** TS 35.208 §4.3, test sets 1 to 6. */
  private static final String TEST_SETS =
      """
      1 465b5ce8b199b49faa5f0a2ee238a6bc 23553cbe9637a89d218ae64dae47bf35 ff9bb4d0b607 b9b9 cdc202d5123e20f62b6d676ac72cb318 cd63cb71954a9f4e48a5994e37a02baf 4a9ffac354dfafb3 01cfaf9ec4e871e9 a54211d5e3ba50bf b40ba9a3c58b2a05bbf0d987b21bf8cb f769bcd751044604127672711c6d3441 aa689c648370 451e8beca43b
      2 0396eb317b6d1c36f19c1c84cd6ffd16 c00d603103dcee52c4478119494202e8 fd8eef40df7d af17 ff53bade17df5d4e793073ce9d7579fa 53c15671c60a4b731c55b4a441c0bde2 5df5b31807e258b0 a8c016e51ef4a343 d3a628ed988620f0 58c433ff7a7082acd424220f2b67c556 21a8c1f929702adb3e738488b9f5c5da c47783995f72 30f1197061c1
      3 fec86ba6eb707ed08905757b1bb44b8f 9f7c8d021accf4db213ccff0c7f71a6a 9d0277595ffc 725c dbc59adcb6f9a0ef735477b7fadf8374 1006020f0a478bf6b699f15c062e42b3 9cabc3e99baf7281 95814ba2b3044324 8011c48c0c214ed2 5dbdbb2954e8f3cde665b046179a5098 59a92d3b476a0443487055cf88b2307b 33484dc2136b deacdd848cc6
      4 9e5944aea94b81165c82fbf9f32db751 ce83dbc54ac0274a157c17f80d017bd6 0b604a81eca8 9e09 223014c5806694c007ca1eeef57f004f a64a507ae1a2a98bb88eb4210135dc87 74a58220cba84c49 ac2cc74a96871837 f365cd683cd92e96 e203edb3971574f5a94b0d61b816345d 0c4524adeac041c4dd830d20854fc46b f0b9c08ad02e 6085a86c6f63
      5 4ab1deb05ca6ceb051fc98e77d026a84 74b0cd6031a1c8339b2b6ce2b8c4a186 e880a1b580b6 9f07 2d16c5cd1fdf6b22383584e3bef2a8d8 dcf07cbd51855290b92a07a9891e523e 49e785dd12626ef2 9e85790336bb3fa2 5860fc1bce351e7e 7657766b373d1c2138f307e3de9242f9 1c42e960d89b8fa99f2744e0708ccb53 31e11a609118 fe2555e54aa9
      6 6c38a116ac280c454f59332ee35c8c4f ee6466bc96202c5a557abbeff8babf63 414b98222181 4464 1ba00a1a7c6700ac8c3ff3e96ad08725 3803ef5363b947c6aaa225e58fae3934 078adfb488241a57 80246b8d0186bcf1 16c8233f05a0ac28 3f8c7587fe8e4b233af676aede30ba3b a7466cc1e6b2a1337d49d3b66e95d7b4 45b0f69ab06c 1f53cd2b1113
      """;

  /** One row of TS 35.208: inputs and expected outputs, hex. */
  record TestSet(
      String set,
      String k,
      String rand,
      String sqn,
      String amf,
      String op,
      String opc,
      String f1,
      String f1star,
      String f2,
      String f3,
      String f4,
      String f5,
      String f5star) {

    static TestSet parse(String line) {
      String[] c = line.trim().split("\\s+");
      return new TestSet(
          c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13]);
    }

    Milenage milenage() {
      return new Milenage(Hex.decode(k), Hex.decode(opc));
    }

    @Override
    public String toString() {
      return "TS 35.208 test set " + set;
    }
  }

  static Stream<TestSet> testSets() {
    return TEST_SETS.lines().filter(l -> !l.isBlank()).map(TestSet::parse);
  }

  private static TestSet set1() {
    return testSets().findFirst().orElseThrow();
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_derive_opc_when_given_k_and_op(TestSet t) {
    assertThat(Hex.encode(Milenage.opc(Hex.decode(t.k()), Hex.decode(t.op())))).isEqualTo(t.opc());
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_compute_mac_a_and_mac_s_when_given_test_set(TestSet t) {
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());
    byte[] sqn = Hex.decode(t.sqn());
    byte[] amf = Hex.decode(t.amf());

    assertThat(Hex.encode(m.f1(rand, sqn, amf))).isEqualTo(t.f1());
    assertThat(Hex.encode(m.f1star(rand, sqn, amf))).isEqualTo(t.f1star());
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_compute_res_ck_ik_ak_when_given_test_set(TestSet t) {
    Milenage.Vector v = t.milenage().f2345(Hex.decode(t.rand()));

    assertThat(Hex.encode(v.res())).isEqualTo(t.f2());
    assertThat(Hex.encode(v.ck())).isEqualTo(t.f3());
    assertThat(Hex.encode(v.ik())).isEqualTo(t.f4());
    assertThat(Hex.encode(v.ak())).isEqualTo(t.f5());
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_compute_ak_star_when_given_test_set(TestSet t) {
    assertThat(Hex.encode(t.milenage().f5star(Hex.decode(t.rand())))).isEqualTo(t.f5star());
  }

  @Test
  void should_lay_out_autn_as_concealed_sqn_amf_mac_when_given_set_1() {
    TestSet t = set1();
    byte[] sqn = Hex.decode(t.sqn());
    byte[] ak = Hex.decode(t.f5());
    byte[] concealed = new byte[6];
    for (int i = 0; i < 6; i++) {
      concealed[i] = (byte) (sqn[i] ^ ak[i]);
    }

    byte[] autn = t.milenage().autn(Hex.decode(t.rand()), Hex.decode(t.sqn()), Hex.decode(t.amf()));

    assertThat(autn).hasSize(16);
    assertThat(Hex.encode(autn))
        .isEqualTo(Hex.encode(concealed) + t.amf() + t.f1())
        .isEqualTo("55f328b43577" + "b9b9" + "4a9ffac354dfafb3");
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_recover_sqn_ms_when_auts_is_verified(TestSet t) {
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());
    long sqnMs = Milenage.sqnValue(Hex.decode(t.sqn()));

    byte[] auts = m.auts(rand, Milenage.sqnBytes(sqnMs));

    assertThat(auts).hasSize(14);
    assertThat(m.verifyAuts(rand, auts)).hasValue(sqnMs);
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_put_concealed_sqn_and_mac_s_with_zero_amf_in_auts_when_built(TestSet t) {
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());
    byte[] sqn = Hex.decode(t.sqn());
    byte[] akStar = Hex.decode(t.f5star());
    byte[] concealed = new byte[6];
    for (int i = 0; i < 6; i++) {
      concealed[i] = (byte) (sqn[i] ^ akStar[i]);
    }

    byte[] auts = m.auts(rand, sqn);

    assertThat(Hex.encode(auts))
        .isEqualTo(Hex.encode(concealed) + Hex.encode(m.f1star(rand, sqn, new byte[2])));
  }

  @ParameterizedTest
  @MethodSource("testSets")
  void should_reject_auts_when_one_bit_of_mac_s_is_flipped(TestSet t) {
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());
    byte[] auts = m.auts(rand, Hex.decode(t.sqn()));
    auts[13] ^= 0x01;

    assertThat(m.verifyAuts(rand, auts)).isEmpty();
  }

  @Test
  void should_reject_auts_when_concealed_sqn_is_tampered() {
    TestSet t = set1();
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());
    byte[] auts = m.auts(rand, Hex.decode(t.sqn()));
    auts[5] ^= 0x01;

    assertThat(m.verifyAuts(rand, auts)).isEmpty();
  }

  @Test
  void should_reject_auts_when_length_is_not_14() {
    TestSet t = set1();
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());

    assertThatThrownBy(() -> m.verifyAuts(rand, new byte[13]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> m.verifyAuts(rand, new byte[15]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(longs = {0L, 1L, 0x0102030405L, 0xff9bb4d0b607L, (1L << 48) - 1})
  void should_round_trip_sqn_when_converted_to_bytes_and_back(long sqn) {
    byte[] bytes = Milenage.sqnBytes(sqn);

    assertThat(bytes).hasSize(6);
    assertThat(Milenage.sqnValue(bytes)).isEqualTo(sqn);
  }

  @Test
  void should_encode_sqn_big_endian_when_converted_to_bytes() {
    assertThat(Hex.encode(Milenage.sqnBytes(0xff9bb4d0b607L))).isEqualTo("ff9bb4d0b607");
  }

  @ParameterizedTest
  @ValueSource(longs = {-1L, 1L << 48, Long.MAX_VALUE})
  void should_reject_sqn_when_it_does_not_fit_in_48_bits(long sqn) {
    assertThatThrownBy(() -> Milenage.sqnBytes(sqn)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_reject_inputs_when_lengths_are_wrong() {
    TestSet t = set1();
    Milenage m = t.milenage();
    byte[] rand = Hex.decode(t.rand());

    assertThatThrownBy(() -> new Milenage(new byte[15], new byte[16]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> m.f2345(new byte[15])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> m.f1(rand, new byte[5], new byte[2]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> m.autn(rand, new byte[6], new byte[3]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Milenage.sqnValue(new byte[7]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_not_change_results_when_caller_mutates_key_arrays_after_construction() {
    TestSet t = set1();
    byte[] k = Hex.decode(t.k());
    byte[] opc = Hex.decode(t.opc());
    Milenage m = new Milenage(k, opc);
    Arrays.fill(k, (byte) 0);
    Arrays.fill(opc, (byte) 0);

    assertThat(Hex.encode(m.f2345(Hex.decode(t.rand())).res())).isEqualTo(t.f2());
  }

  @Test
  void should_print_only_lengths_when_vector_to_string_is_called() {
    TestSet t = set1();
    Milenage.Vector v = t.milenage().f2345(Hex.decode(t.rand()));

    assertThat(v.toString())
        .isEqualTo("Vector[res=8 bytes, ck=16 bytes, ik=16 bytes, ak=6 bytes]")
        .doesNotContain(t.f2(), t.f3(), t.f4(), t.f5());
  }
}
