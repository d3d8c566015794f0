package org.gbabsf.security.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.gbabsf.security.testing.TestPki;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CertNamesTest {

  @ParameterizedTest(name = "{0} vs {1}: {2}")
  @CsvSource({
    "hss1.home1.net, hss1.home1.net, true",
    "hss1.home1.net, hss2.home1.net, false",
    "*.home1.net, naf.home1.net, true",
    "*.home1.net, a.naf.home1.net, false",
    "*.home1.net, home1.net, false",
    "*.net, home1.net, false",
    "naf*.home1.net, naf1.home1.net, false",
    "*.*.net, a.b.net, false",
  })
  void should_match_rfc6125_names_when_a_wildcard_is_the_whole_left_label(
      String pattern, String host, boolean matches) {
    assertThat(CertNames.matches(pattern, host)).isEqualTo(matches);
  }

  @Test
  void should_use_the_dns_names_and_ignore_the_cn_when_the_certificate_has_sans(@TempDir Path dir) {
    TestPki pki = TestPki.create(dir, "Names CA");
    TestPki.Issued withSans =
        pki.leaf("cn.example.org").dns("HSS1.home1.net", "*.hss.home1.net").ip("127.0.0.1").issue();
    TestPki.Issued cnOnly = pki.leaf("naf.home1.net").issue();

    assertThat(CertNames.of(withSans.cert())).containsExactly("hss1.home1.net", "*.hss.home1.net");
    assertThat(CertNames.names(withSans.cert(), "cn.example.org")).isFalse();
    assertThat(CertNames.names(withSans.cert(), "a.hss.home1.net")).isTrue();
    assertThat(CertNames.names(cnOnly.cert(), "NAF.home1.net")).isTrue();
  }

  @Test
  void should_name_only_exact_identities_when_wildcards_are_not_allowed(@TempDir Path dir) {
    TestPki pki = TestPki.create(dir, "Names CA");
    TestPki.Issued wildcard = pki.leaf("naf.example.org").dns("*.naf.example.org").issue();
    TestPki.Issued exact = pki.leaf("x").dns("a.naf.example.org").issue();

    assertThat(CertNames.names(wildcard.cert(), "a.naf.example.org", true)).isTrue();
    assertThat(CertNames.names(wildcard.cert(), "a.naf.example.org", false)).isFalse();
    assertThat(CertNames.names(exact.cert(), "A.naf.example.org", false)).isTrue();
  }
}
