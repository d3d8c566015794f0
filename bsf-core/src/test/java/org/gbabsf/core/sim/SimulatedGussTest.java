package org.gbabsf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SimulatedGussTest {

  @Test
  void should_put_every_configured_uss_in_xml_and_domain_when_several_are_given() {
    SimulatedGuss sim =
        new SimulatedGuss(
            Duration.ofMinutes(45), SimulatedGuss.Uss.parseList("1:default:1; 2:ims:1+4; 3"));

    Guss g = sim.forUser(new Impi("alice@home1.net"));

    assertThat(g.lifetime()).contains(Duration.ofMinutes(45));
    assertThat(g.ussList()).hasSize(3);
    assertThat(g.ussList().get(1).type()).isEqualTo(2);
    assertThat(g.ussList().get(1).nafGroup()).isEqualTo("ims");
    assertThat(g.ussList().get(1).flags()).containsExactly(1, 4);
    assertThat(g.ussList().get(2).nafGroup()).isEmpty();
    assertThat(g.ussList())
        .allSatisfy(u -> assertThat(u.uids()).containsExactly("sip:alice@home1.net"));
    assertThat(g.rawXml())
        .contains("<lifeTime>2700</lifeTime>")
        .contains("<uss id=\"2\" type=\"2\" nafGroup=\"ims\">")
        .contains("<flag>4</flag>")
        .contains("<uss id=\"3\" type=\"3\"><uids>");
  }

  @Test
  void should_give_one_default_uss_when_none_is_configured() {
    assertThat(new SimulatedGuss(Duration.ofHours(1)).forUser(new Impi("a@b")).ussList())
        .extracting(u -> u.type() + ":" + u.nafGroup())
        .containsExactly("1:default");
  }

  @ParameterizedTest
  @ValueSource(strings = {"x", "1:a:b", "1:a:1:2", ":a"})
  void should_name_the_problem_when_a_uss_spec_is_bad(String spec) {
    assertThatThrownBy(() -> SimulatedGuss.Uss.parse(spec))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'");
  }

  @Test
  void should_give_no_uss_when_the_list_is_empty() {
    assertThat(SimulatedGuss.Uss.parseList(" ")).isEqualTo(List.of());
  }
}
