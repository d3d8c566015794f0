package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class RoutesTest {

  @Test
  void should_pick_the_longest_prefix_of_the_host_when_several_match() {
    Routes r =
        Routes.parse(
            "XCAP.home1.net=http://10.0.0.5:8080, xcap.home1.net/avatars=http://10.0.0.6:8080,"
                + " rcs.home1.net=http://10.0.0.7");

    assertThat(r.find("xcap.home1.net", "/avatars/alice.png").map(Routes.Route::upstream))
        .contains(URI.create("http://10.0.0.6:8080"));
    assertThat(r.find("xcap.home1.net", "/avatarsx").map(Routes.Route::upstream))
        .contains(URI.create("http://10.0.0.5:8080"));
    assertThat(r.find("rcs.home1.net", "/x").map(Routes.Route::upstream))
        .contains(URI.create("http://10.0.0.7"));
    assertThat(r.find("other.home1.net", "/")).isEmpty();
  }

  @Test
  void should_name_the_entry_when_a_route_is_malformed() {
    assertThatThrownBy(() -> Routes.parse("xcap.home1.net"))
        .hasMessage("route 'xcap.home1.net': expected host[/path]=url");
    assertThatThrownBy(() -> Routes.parse("xcap.home1.net=https://x"))
        .hasMessage("route 'xcap.home1.net=https://x': the upstream must be http://host:port");
    assertThatThrownBy(() -> Routes.parse(" , ")).hasMessage("no route");
  }
}
