package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The NRF's keys and their rules across keys (docs/sba.md, "NRF"). */
class NrfConfigTest {

  private static final String ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
  private static final String OTHER_ID = "9b2f1c1e-0a4e-4c55-9d5e-1d3f0b7a2c11";

  /** N65 with the instances discovered, no registration: valid as it stands. */
  private static final String DISCOVERY =
      "hss.type=n65;nrf.enabled=true;nrf.api-root=http://127.0.0.1:8000;nrf.register=false;"
          + "nrf.nf-instance-id="
          + ID;

  /** A BSF serving Nbsp_GBA that registers, its NF instance id from nbsp.oauth2. */
  private static final String REGISTERED =
      "sbi.enabled=true;nbsp.nafs=naf.home1.net=default;nbsp.oauth2.nrf-keys=/etc/hostname;"
          + "nbsp.oauth2.nf-instance-id="
          + ID
          + ";nrf.enabled=true;nrf.api-root=https://nrf.5gc.home1.net:443";

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

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "hss.type=n65;nrf.enabled=true;nrf.register=false;nrf.nf-instance-id="
            + ID
            + " | nrf.api-root: required with nrf.enabled=true",
        "hss.type=n65;nrf.enabled=true;nrf.register=false;nrf.api-root=http://nrf:80"
            + " | nrf.nf-instance-id: required with nrf.enabled=true",
        DISCOVERY
            + ";nbsp.oauth2.nf-instance-id="
            + OTHER_ID
            + " | nrf.nf-instance-id (override --set nrf.nf-instance-id): differs from",
        DISCOVERY + ";nrf.api-root=ftp://nrf:21 | nrf.api-root",
        DISCOVERY
            + ";nrf.api-root=http://nrf1:80,http://nrf2:80"
            + " | must be one http:// or https:// apiRoot",
        DISCOVERY + ";nrf.nf-instance-id=bsf-1 | nrf.nf-instance-id",
        DISCOVERY + ";nrf.heartbeat=1500ms | must be a whole number of seconds",
        DISCOVERY + ";nrf.heartbeat=2h | must be at most 1h",
        DISCOVERY + ";nrf.timeout=2m | must be at most 1m",
        DISCOVERY + ";nrf.discovery-interval=500ms | must be at least 1s",
        DISCOVERY + ";nrf.profile.ipv4=0.0.0.0 | other than 0.0.0.0",
        DISCOVERY + ";nrf.profile.fqdn=localhost | must be an FQDN",
        DISCOVERY + ";nrf.discover-hss=false | n65.instances: required with hss.type=n65",
        DISCOVERY
            + ";sbi.client.request-timeout=2s;ub.hss-timeout=2s"
            + " | sbi.client.request-timeout: must be shorter than ub.hss-timeout",
        DISCOVERY + ";nrf.register=true | nrf.register=true: needs sbi.enabled=true",
        "nrf.enabled=true;nrf.api-root=http://nrf:80;nrf.register=false;nrf.nf-instance-id="
            + ID
            + " | nrf.enabled=true: nothing would use the NRF",
        REGISTERED + " | nrf.profile.fqdn or nrf.profile.ipv4: required with nrf.register=true",
        REGISTERED + ";sbi.listen-address=:: | nrf.profile.fqdn or nrf.profile.ipv4: required",
      })
  void should_refuse_to_start_when_the_nrf_keys_do_not_fit_together(String pairs, String problem) {
    assertThatThrownBy(() -> load(pairs))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(problem);
  }

  @Test
  void should_name_each_missing_key_when_nrf_is_enabled_alone() {
    assertThatThrownBy(() -> load("nrf.enabled=true"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nrf.api-root: required with nrf.enabled=true")
        .hasMessageContaining("nrf.nf-instance-id: required with nrf.enabled=true")
        .hasMessageContaining("nrf.register=true: needs sbi.enabled=true");
  }

  @Test
  void should_load_without_hss_instances_when_the_nrf_discovers_them() {
    BsfConfig c = load(DISCOVERY);

    assertThat(c.hss().type()).isEqualTo("n65");
    assertThat(c.n65().instances()).isEmpty();
    assertThat(c.nrf().discoverHss()).isTrue();
    assertThat(c.nrf().tokens()).isFalse();
    assertThat(c.nrf().nfInstanceId()).isEqualTo(ID);
  }

  @Test
  void should_load_udm_without_instances_when_the_nrf_discovers_them() {
    assertThat(load(DISCOVERY.replace("hss.type=n65", "hss.type=udm")).hss().type())
        .isEqualTo("udm");
  }

  @Test
  void should_take_the_nbsp_instance_id_when_nrf_has_none() {
    BsfConfig c = load(REGISTERED + ";nrf.profile.fqdn=bsf1.5gc.home1.net");

    assertThat(c.nrf().nfInstanceId()).isEqualTo(ID);
    assertThat(c.nrf().register()).isTrue();
  }

  @Test
  void should_take_the_nrf_instance_id_when_nbsp_tokens_have_none() {
    BsfConfig c =
        load(
            "sbi.enabled=true;nbsp.nafs=naf.home1.net=default;nbsp.oauth2.nrf-keys=/etc/hostname;"
                + "nrf.enabled=true;nrf.api-root=http://nrf:80;sbi.listen-address=10.0.0.5;"
                + "nrf.nf-instance-id="
                + ID);

    assertThat(c.nrf().nfInstanceId()).isEqualTo(ID);
  }

  @Test
  void should_accept_the_same_instance_id_twice_when_both_keys_name_it() {
    assertThat(load(DISCOVERY + ";nbsp.oauth2.nf-instance-id=" + ID).nrf().nfInstanceId())
        .isEqualTo(ID);
  }

  @Test
  void should_keep_the_nrf_off_when_nothing_is_configured() {
    BsfConfig c = ConfigLoader.defaults();

    assertThat(c.nrf().enabled()).isFalse();
    assertThat(c.nrf().heartbeat()).hasSeconds(60);
  }

  @ParameterizedTest(name = "fqdn={0} ipv4={1} listen={2}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      value = {
        "'' | '' | 0.0.0.0 | - | -",
        "'' | '' | :: | - | -",
        "'' | '' | 10.0.0.5 | - | 10.0.0.5",
        "'' | '' | bsf1.5gc.home1.net | bsf1.5gc.home1.net | -",
        "'' | '' | localhost | - | -",
        "bsf.home1.net | '' | 10.0.0.5 | bsf.home1.net | -",
        "'' | 10.1.1.1 | bsf1.5gc.home1.net | - | 10.1.1.1",
        "bsf.home1.net | 10.1.1.1 | 0.0.0.0 | bsf.home1.net | 10.1.1.1",
      })
  void should_register_the_configured_or_listening_address_when_building_the_profile(
      String fqdn, String ipv4, String listen, String wantFqdn, String wantIpv4) {
    NrfConfig.ProfileAddress a = NrfConfig.profileAddress(fqdn, ipv4, listen);

    assertThat(a.fqdn()).isEqualTo(Optional.ofNullable(wantFqdn));
    assertThat(a.ipv4()).isEqualTo(Optional.ofNullable(wantIpv4));
  }
}
