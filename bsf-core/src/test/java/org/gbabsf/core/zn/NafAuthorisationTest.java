package org.gbabsf.core.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NafAuthorisationTest {

  private static final NafDirectory NAFS =
      new NafDirectory(
          Map.of("naf.home1.net", "default", "MBMS.partner.net", "mbms", "xcap1.home1.net", "xcap"),
          Map.of("partner.net", "partners"));

  private static final NafAuthorisation RULE =
      new NafAuthorisation(
          "Test",
          "refused",
          NAFS,
          new NafFqdnPolicy(
              Map.of(
                  "xcap", Set.of("xcap.home1.net"),
                  "naf.home1.net", Set.of("Ut.home1.net"))));

  @ParameterizedTest(name = "{0} / {1} -> {2}")
  @CsvSource({
    "naf.home1.net,    home1.net,   default",
    "NAF.HOME1.NET,    home1.net,   default",
    "mbms.partner.net, partner.net, mbms",
    "xcap.partner.net, partner.net, partners",
    "xcap.partner.net, Partner.Net, partners",
    "other.home1.net,  home1.net,   ",
  })
  void should_give_the_identity_group_first_then_the_realm_group_when_a_naf_asks(
      String host, String realm, String group) {
    assertThat(NAFS.groupOf(host, realm).orElse(null)).isEqualTo(group);
  }

  @ParameterizedTest(name = "{0} ({1}) for {2} -> {3}")
  @CsvSource({
    // own identity, whatever the case
    "naf.home1.net,              home1.net,   NAF.home1.net,  authorised:naf.home1.net/default",
    // a grant by identity, and by group
    "naf.home1.net,              home1.net,   ut.home1.net,   authorised:naf.home1.net/default",
    "xcap1.home1.net,            home1.net,   xcap.home1.net, authorised:xcap1.home1.net/xcap",
    // a sibling's FQDN, or a grant of another NAF
    "naf.home1.net,              home1.net,   xcap.home1.net, fqdn:naf.home1.net",
    "xcap1.home1.net,            home1.net,   ut.home1.net,   fqdn:xcap1.home1.net",
    // by realm: its own host only
    "a.partner.net,              partner.net, a.partner.net,  authorised:a.partner.net/partners",
    "a.partner.net,              partner.net, b.partner.net,  fqdn:a.partner.net",
    // several identities (a certificate's names): the first NAF among them decides
    "unknown.example|xcap1.home1.net, ,       xcap.home1.net, authorised:xcap1.home1.net/xcap",
    // nobody
    "other.home1.net,            home1.net,   other.home1.net, unknown",
    "other.home1.net,            ,            other.home1.net, unknown",
  })
  void should_decide_from_identity_group_and_fqdn_when_a_naf_asks_for_a_key(
      String identities, String realm, String fqdn, String expected) {
    NafAuthorisation.Decision d =
        RULE.authorise(Arrays.asList(identities.split("\\|")), realm, fqdn);

    String shown;
    if (d instanceof NafAuthorisation.Decision.Authorised a) {
      shown = "authorised:" + a.naf() + "/" + a.group();
    } else if (d instanceof NafAuthorisation.Decision.FqdnNotAllowed f) {
      shown = "fqdn:" + f.naf();
    } else {
      shown = "unknown";
    }
    assertThat(shown).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"naf.home1.net", "NAF.HOME1.NET"})
  void should_carry_the_group_in_the_key_request_when_authorised(String naf) {
    var a =
        (NafAuthorisation.Decision.Authorised) RULE.authorise(List.of(naf), null, "naf.home1.net");

    assertThat(
            a.request(
                    new org.gbabsf.core.domain.BTid("x@bsf"),
                    new NafId("naf.home1.net", new byte[] {1, 0, 0, 0, 2}),
                    List.of(1),
                    true)
                .nafGroup())
        .isEqualTo("default");
  }
}
