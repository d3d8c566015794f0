package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The multi-site parts of {@code loadtest run}: site choice and per-site accounting. */
class MultiSiteTest {

  @Test
  void should_ask_the_next_site_when_every_site_lives() {
    assertThat(ZnLoad.nafSite(0, 3, s -> true)).isEqualTo(1);
    assertThat(ZnLoad.nafSite(1, 3, s -> true)).isEqualTo(2);
    assertThat(ZnLoad.nafSite(2, 3, s -> true)).as("wraps around").isEqualTo(0);
  }

  @Test
  void should_skip_dead_sites_and_fall_back_to_the_minting_site_when_it_alone_lives() {
    Set<Integer> alive = Set.of(0, 1);
    assertThat(ZnLoad.nafSite(1, 3, alive::contains)).as("site 3 down: site 1").isEqualTo(0);
    assertThat(ZnLoad.nafSite(0, 3, Set.of(0)::contains)).isEqualTo(0);
    assertThat(ZnLoad.nafSite(0, 3, s -> false)).isEqualTo(-1);
  }

  @Test
  void should_spread_connections_over_the_sites_and_move_on_in_order_when_ordering_them() {
    assertThat(SiteConnection.order(0, 3)).containsExactly(0, 1, 2);
    assertThat(SiteConnection.order(2, 3)).containsExactly(2, 0, 1);
    assertThat(SiteConnection.order(4, 3)).containsExactly(1, 2, 0);
    assertThat(SiteConnection.order(7, 1)).containsExactly(0);
  }

  @Test
  void should_read_a_zn_target_with_or_without_its_origin_host() {
    assertThat(ZnLoad.Target.parse("bsf-2.home1.net=127.0.0.1:3871", "bsf.home1.net"))
        .isEqualTo(new ZnLoad.Target("bsf-2.home1.net", "127.0.0.1", 3871));
    assertThat(ZnLoad.Target.parse("127.0.0.1:3868", "bsf.home1.net"))
        .isEqualTo(new ZnLoad.Target("bsf.home1.net", "127.0.0.1", 3868));
    assertThatThrownBy(() -> ZnLoad.Target.parse("127.0.0.1", "bsf.home1.net"))
        .hasMessageContaining("[ORIGIN-HOST=]HOST:PORT");
    assertThatThrownBy(() -> ZnLoad.Target.parse("=127.0.0.1:1", "bsf.home1.net"))
        .hasMessageContaining("[ORIGIN-HOST=]HOST:PORT");
    assertThatThrownBy(() -> ZnLoad.Target.parse("h=127.0.0.1:70000", "bsf.home1.net"))
        .hasMessageContaining("bad port");
  }

  @Test
  @SuppressWarnings("unchecked")
  void should_count_per_site_and_per_pair_of_sites_when_bootstraps_and_zn_queries_are_recorded() {
    SiteAccounts a = new SiteAccounts(List.of("http://a/", "http://b/", "http://c/"));
    a.bootstrapped(0, true);
    a.bootstrapped(0, true);
    a.bootstrapped(1, true);
    a.bootstrapped(2, false); // in the ramp: not a measured bootstrap
    a.bootstrapFailed(2);
    a.znQueried(1, 0, true);
    a.znQueried(1, 0, true);
    a.znQueried(0, 0, true);
    a.znFailed(1, 0, true); // 5403 at site 2 for a B-TID of site 1
    a.znFailed(2, 1, false); // site 3's NAF lost its BSF

    Map<String, Object> f = a.figures(2.0, true);

    List<Map<String, Object>> sites = (List<Map<String, Object>>) f.get("sites");
    assertThat(sites).hasSize(3);
    assertThat(sites.get(0))
        .containsEntry("site", 1)
        .containsEntry("bootstraps", 2L)
        .containsEntry("bootstrapsPerSecond", 1.0)
        .containsEntry("bootstrapErrors", 0L)
        .containsEntry("znQueries", 1L)
        .containsEntry("znErrorsForBtidsMintedHere", 1L);
    assertThat(sites.get(1))
        .containsEntry("znQueries", 2L)
        .containsEntry("znErrors", 1L)
        .containsEntry("zn5403", 1L);
    assertThat(sites.get(2)).containsEntry("bootstraps", 0L).containsEntry("bootstrapErrors", 1L);
    assertThat(f)
        .containsEntry("znCrossSiteQueries", 2L)
        .containsEntry("znCrossSiteMisses5403", 1L);
    assertThat((List<Map<String, Object>>) f.get("znPairs"))
        .extracting(p -> p.get("nafSite") + "<-" + p.get("mintedAtSite"))
        .containsExactly("1<-1", "2<-1", "3<-2");
    assertThat(a.bootstrapErrors(2)).isEqualTo(1);
    assertThat(a.znErrorsAmong(List.of(0, 1))).as("sites 1 and 2 survive").isEqualTo(1);
    assertThat(a.znErrorsAmong(List.of(0))).isZero();
  }

  @Test
  void should_leave_zn_out_when_the_sites_have_no_zn_targets() {
    SiteAccounts a = new SiteAccounts(List.of("http://a/", "http://b/"));
    a.bootstrapped(1, true);

    assertThat(a.figures(1.0, false)).containsOnlyKeys("sites");
    assertThat(a.lines(1.0, false))
        .containsExactly(
            "site 1 (http://a/): 0 bootstraps/s, 0 failed bootstraps",
            "site 2 (http://b/): 1 bootstraps/s, 0 failed bootstraps");
  }
}
