package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gbabsf.core.crypto.Hex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The AAnF's keys and their rules across keys (docs/akma.md, "Configuration"). */
class AanfConfigTest {

  private static final String ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
  private static final String AANF_ID = "9b2f1c1e-0a4e-4c55-9d5e-1d3f0b7a2c11";

  /** An AAnF on the SBI server, callers known by certificate: valid as it stands. */
  private static final String AANF =
      "sbi.enabled=true;sbi.tls.enabled=true;sbi.tls.certificate=/etc/hostname;sbi.tls.trust=/etc/hostname;"
          + "sbi.tls.private-key=/etc/hostname;sbi.tls.client-auth=require;"
          + "aanf.enabled=true;aanf.ausfs=ausf.5gc.home1.net;"
          + "aanf.afs=af.home1.net=internal,af2.home1.net=internal;"
          + "aanf.nefs=nef.5gc.home1.net=nef;aanf.supi-afs=af.home1.net";

  private static Map<String, String> settings(String pairs) {
    Map<String, String> m = new HashMap<>();
    for (String p : pairs.split(";")) {
      int eq = p.indexOf('=');
      m.put(p.substring(0, eq).strip(), p.substring(eq + 1).strip());
    }
    return m;
  }

  private static BsfConfig load(String pairs) {
    return ConfigLoader.load(null, Map.of(), settings(pairs));
  }

  @Test
  void should_type_every_value_once_when_the_aanf_is_configured() {
    AanfConfig a =
        load(AANF
                + ";aanf.af-fqdns=nef=shop.example.org|game.example.org"
                + ";aanf.ua-protocols=tls.home1.net=010001002F"
                + ";aanf.routing-indicators=0,12;aanf.context-lifetime=12h")
            .aanf();

    assertThat(a.enabled()).isTrue();
    assertThat(a.ausfs()).containsExactly("ausf.5gc.home1.net");
    assertThat(a.afs()).containsEntry("af2.home1.net", "internal");
    assertThat(a.nefs()).containsOnlyKeys("nef.5gc.home1.net");
    assertThat(a.afFqdns()).containsEntry("nef", Set.of("shop.example.org", "game.example.org"));
    assertThat(a.routingIndicators()).isEqualTo(List.of("0", "12"));
    assertThat(a.contextLifetime()).isEqualTo(Duration.ofHours(12));
    assertThat(a.afKeyLifetime()).isEqualTo(Duration.ofHours(1));
    assertThat(Hex.encode(a.afIdentifiers().afId("tls.home1.net"))).endsWith("010001002f");
    assertThat(Hex.encode(a.afIdentifiers().afId("af.home1.net"))).endsWith("0100000002");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "aanf.enabled=true | aanf.enabled: needs sbi.enabled=true",
        AANF + ";aanf.nefs=af.home1.net=nef | af.home1.net is also in aanf.afs",
        AANF + ";aanf.supi-afs=nef.5gc.home1.net | nef.5gc.home1.net is no AF of aanf.afs",
        AANF
            + ";aanf.oauth2.nrf-keys=/etc/hostname"
            + " | aanf.nf-instance-id: required with aanf.enabled=true",
        AANF
            + ";aanf.oauth2.nrf-keys=/etc/hostname;aanf.nf-instance-id="
            + ID
            + ";nrf.nf-instance-id="
            + ID
            + " | aanf.nf-instance-id: must differ from nrf.nf-instance-id",
        AANF + ";aanf.nf-instance-id=aanf-1 | aanf.nf-instance-id",
        AANF + ";aanf.ua-protocol=01000000 | must be ten hexadecimal digits",
        AANF + ";aanf.ua-protocols=a.home1.net=zz00000002 | ten hexadecimal digits",
        AANF + ";aanf.routing-indicators=12345 | routing indicators of 1 to 4 digits",
        AANF + ";aanf.ausfs=ausf one | must be identities",
        AANF + ";aanf.context-lifetime=30s | must be at least 1m",
        AANF + ";aanf.context-lifetime=400d | must be at most",
        AANF + ";aanf.af-key-lifetime=31d | must be at most",
        AANF + ";aanf.nefs=nef.5gc.home1.net=internal | the group internal is also an AF group",
        "sbi.enabled=true;aanf.enabled=true;aanf.ausfs=ausf.5gc.home1.net"
            + " | aanf.enabled=true: AUSFs and AFs could not be identified",
      })
  void should_refuse_to_start_when_the_aanf_keys_do_not_fit_together(String pairs, String problem) {
    assertThatThrownBy(() -> load(pairs))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(problem);
  }

  @Test
  void should_load_with_its_own_instance_id_when_tokens_are_checked() {
    AanfConfig a =
        load(AANF + ";aanf.oauth2.nrf-keys=/etc/hostname;aanf.nf-instance-id=" + AANF_ID).aanf();

    assertThat(a.nfInstanceId()).isEqualTo(AANF_ID);
    assertThat(a.oauth2NrfKeys()).isPresent();
  }
}
