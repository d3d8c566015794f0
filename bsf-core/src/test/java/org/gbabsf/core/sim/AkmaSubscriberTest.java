package org.gbabsf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.crypto.Hex;
import org.junit.jupiter.api.Test;

class AkmaSubscriberTest {

  private static final byte[] K_AUSF =
      Hex.decode("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");

  @Test
  void should_derive_the_spec_vectors_when_given_their_k_ausf() {
    AkmaSubscriber ue =
        new AkmaSubscriber(new Supi("imsi-001010000000001"), K_AUSF, "0", "akma.example.net");

    assertThat(Hex.encode(ue.kAkma()))
        .isEqualTo("bba5e95f1205d4f1c217b91e08ec3509ad62cfbf43f474c6bf495da83132c95e");
    assertThat(ue.aKid().value())
        .isEqualTo(
            "0.67d8dee47b7d74e6f457b7b23d5806746ed87b920aa8035f37b494c1bfc5d83b@akma.example.net");
    assertThat(Hex.encode(ue.kAf("af.example.com", Hex.decode("0100000002"))))
        .isEqualTo("a89042785c95e56bdce5ed364111c15a6aeaef7dcac87d51f5da66e5c6557adf");
    assertThat(ue.toString()).doesNotContain("000102");
  }

  @Test
  void should_give_a_new_a_kid_when_the_ue_authenticates_again() {
    AkmaSubscriber first = AkmaSubscriber.of("001", "01", 7, 1);
    AkmaSubscriber again = AkmaSubscriber.of("001", "01", 7, 2);

    assertThat(first.supi()).isEqualTo(new Supi("imsi-001010000000007"));
    assertThat(first.aKid()).isNotEqualTo(again.aKid());
    assertThat(first.aKid().value()).endsWith("@akma.mnc001.mcc001.3gppnetwork.org");
    assertThat(AkmaSubscriber.of("001", "01", 7, 1).aKid()).isEqualTo(first.aKid());
  }
}
