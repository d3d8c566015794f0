package org.gbabsf.core.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** TS 33.220 §4.5.3: a NAF gets keys only for the FQDNs it may use. */
class NafFqdnPolicyTest {

  private static final NafFqdnPolicy POLICY =
      new NafFqdnPolicy(
          Map.of(
              "xcap1.home1.net", Set.of("ut.home1.net"),
              "xcap", Set.of("xcap.home1.net", "XCAP.ims.home1.net")));

  @ParameterizedTest(name = "{0} (group {1}) asks for {2} -> {3}")
  @CsvSource({
    "naf.fuzz.test,      default, naf.fuzz.test,         true",
    "NAF.fuzz.test,      default, naf.FUZZ.test,         true",
    "naf.fuzz.test,      default, other-naf.example.org, false",
    "naf.fuzz.test,      default, '',                    false",
    "xcap1.home1.net,    xcap,    ut.home1.net,          true",
    "xcap1.home1.net,    xcap,    xcap.home1.net,        true",
    "xcap2.home1.net,    xcap,    xcap.ims.home1.net,    true",
    "xcap2.home1.net,    xcap,    ut.home1.net,          false",
    "voicemail.home1.net, vm,     xcap.home1.net,        false",
    "voicemail.home1.net, ,       xcap.home1.net,        false",
  })
  void should_allow_only_own_or_granted_fqdns_when_a_naf_asks_for_a_key(
      String naf, String group, String fqdn, boolean allowed) {
    assertThat(POLICY.allows(naf, group, fqdn)).isEqualTo(allowed);
  }
}
