package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kubernetes service links never stop the BSF; typos of real keys still do. The variables are the
 * exact set Kubernetes injects for {@code helm install bsf deploy/helm/gba-bsf} (Services
 * bsf-gba-bsf with port http-ub 8080, bsf-gba-bsf-admin with port admin 9090, the per-pod
 * bsf-gba-bsf-0-diameter with port diameter 3868; the headless Diameter Service gets none) and for
 * a 5G core's Binding Support Function named bsf (port 80, unnamed).
 */
class ServiceLinksTest {

  /** The variables Kubernetes injects for a Service, as its pods see them. */
  private static Map<String, String> linksOf(String service, String ip, int port, String portName) {
    String svc = service.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    Map<String, String> env = new HashMap<>();
    env.put(svc + "_SERVICE_HOST", ip);
    env.put(svc + "_SERVICE_PORT", Integer.toString(port));
    if (portName != null) {
      env.put(
          svc + "_SERVICE_PORT_" + portName.toUpperCase(java.util.Locale.ROOT).replace('-', '_'),
          Integer.toString(port));
    }
    String url = "tcp://" + ip + ":" + port;
    env.put(svc + "_PORT", url);
    env.put(svc + "_PORT_" + port + "_TCP", url);
    env.put(svc + "_PORT_" + port + "_TCP_PROTO", "tcp");
    env.put(svc + "_PORT_" + port + "_TCP_PORT", Integer.toString(port));
    env.put(svc + "_PORT_" + port + "_TCP_ADDR", ip);
    return env;
  }

  private static Map<String, String> chartAndBindingSupportFunction() {
    Map<String, String> env = new HashMap<>();
    env.putAll(linksOf("bsf-gba-bsf", "10.96.0.12", 8080, "http-ub"));
    env.putAll(linksOf("bsf-gba-bsf-admin", "10.96.0.13", 9090, "admin"));
    env.putAll(linksOf("bsf-gba-bsf-0-diameter", "10.96.0.14", 3868, "diameter"));
    env.putAll(linksOf("bsf", "fd00:10:96::1f", 80, null));
    return env;
  }

  @Test
  void
      should_start_when_every_service_link_of_the_chart_and_of_a_binding_support_function_is_set() {
    Map<String, String> env = chartAndBindingSupportFunction();
    env.put("BSF_UB_PORT", "9080");

    BsfConfig config = ConfigLoader.load(null, env, Map.of());

    assertThat(env).hasSizeGreaterThan(25);
    assertThat(config.ub().port()).isEqualTo(9080);
  }

  @Test
  void should_still_refuse_a_typo_when_service_links_are_present() {
    Map<String, String> env = chartAndBindingSupportFunction();
    env.put("BSF_ADMN_PORT", "9090");

    assertThatThrownBy(() -> ConfigLoader.load(null, env, Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("BSF_ADMN_PORT (from env): unknown variable");
  }

  @ParameterizedTest(name = "{0}={1} -> {2}")
  @CsvSource({
    "BSF_SERVICE_HOST,                 10.0.0.1,             true",
    "BSF_SERVICE_PORT,                 80,                   true",
    "BSF_PORT,                         tcp://10.0.0.1:80,    true",
    "BSF_PORT_80_TCP_PROTO,            tcp,                  true",
    "BSF_GBA_BSF_ADMIN_PORT_9090_TCP,  tcp://10.0.0.2:9090,  true",
    "BSF_X_PORT_3868_SCTP_ADDR,        10.0.0.3,             true",
    "BSF_ADMN_PORT,                    9090,                 false",
    "BSF_UB_SERVICE_HOST,              bsf.example.org,      false",
    "BSF_DIAMETER_LISTEN_PORT_3868_TCP, 3868,                false",
    "BSF_CASANDRA_PORT,                tcp://not-an-address, false",
  })
  void should_recognise_only_the_shapes_kubernetes_gives_when_a_variable_is_unknown(
      String name, String value, boolean link) {
    assertThat(ServiceLinks.matches(name, value)).isEqualTo(link);
  }
}
