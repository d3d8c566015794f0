package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SBA's rules across keys (docs/sba.md, "Configuration"). */
class SbaConfigTest {

  private static Map<String, String> settings(String pairs) {
    Map<String, String> m = new HashMap<>();
    for (String p : pairs.split(";")) {
      int eq = p.indexOf('=');
      m.put(p.substring(0, eq).strip(), p.substring(eq + 1).strip());
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "hss.type=n65 | n65.instances: required with hss.type=n65",
        "hss.type=udm | udm.instances: required with hss.type=udm",
        "hss.type=n65;n65.instances=http://a:1,http://b:1;sbi.client.request-timeout=2s;"
            + "ub.hss-timeout=2s | sbi.client.request-timeout: must be shorter than ub.hss-timeout",
        "sbi.enabled=true;nbsp.oauth2.nrf-keys=/etc/hostname;"
            + "nbsp.oauth2.nf-instance-id=3fa85f64-5717-4562-b3fc-2c963f66afa6"
            + " | nbsp.nafs: required with sbi.enabled=true",
        "sbi.enabled=true;nbsp.nafs=naf.home1.net=default"
            + " | sbi.enabled=true: NAFs could not be identified",
        "nbsp.oauth2.nrf-keys=/etc/hostname | nbsp.oauth2.nf-instance-id: required with",
        "sbi.enabled=true;nbsp.nafs=a.b.org=default;sbi.tls.enabled=true;"
            + "sbi.tls.certificate=/etc/hostname;sbi.tls.private-key=/etc/hostname"
            + " | sbi.tls.trust: required with sbi.tls.client-auth optional",
        "sbi.enabled=true;nbsp.nafs=a.b.org=default;nbsp.oauth2.nrf-keys=/etc/hostname;"
            + "nbsp.oauth2.nf-instance-id=3fa85f64-5717-4562-b3fc-2c963f66afa6;"
            + "ub.store-timeout=5s;sbi.request-timeout=5s"
            + " | sbi.request-timeout: must be longer than ub.store-timeout",
        "n65.instances=ftp://hss:21 | n65.instances",
      })
  void should_refuse_to_start_when_the_sba_keys_do_not_fit_together(String pairs, String problem) {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), settings(pairs)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(problem);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "hss.type=n65;n65.instances=http://127.0.0.1:8090 | n65",
        "hss.type=udm;udm.instances=https://udm.5gc.home1.net/prefix | udm",
      })
  void should_load_when_the_hss_is_reached_over_the_sba(String pairs, String type) {
    assertThat(ConfigLoader.load(null, Map.of(), settings(pairs)).hss().type()).isEqualTo(type);
  }
}
