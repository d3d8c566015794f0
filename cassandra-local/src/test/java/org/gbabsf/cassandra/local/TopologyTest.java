package org.gbabsf.cassandra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.gbabsf.cassandra.local.LocalCassandraCluster.NodeDef;
import org.junit.jupiter.api.Test;

class TopologyTest {

  @Test
  void should_number_each_dc_consecutively_when_the_layout_is_a_grid() {
    Topology t = Topology.grid(11, 3, 2);

    assertThat(t.nodes())
        .containsExactly(
            new NodeDef("127.0.0.11", "dc1"),
            new NodeDef("127.0.0.12", "dc1"),
            new NodeDef("127.0.0.13", "dc2"),
            new NodeDef("127.0.0.14", "dc2"),
            new NodeDef("127.0.0.15", "dc3"),
            new NodeDef("127.0.0.16", "dc3"));
    assertThat(t.seeds()).isEqualTo("127.0.0.11,127.0.0.13,127.0.0.15");
  }

  @Test
  void should_start_only_the_sites_nodes_but_seed_with_every_dc_when_a_site_is_chosen() {
    Topology t = Topology.grid(11, 3, 1);

    assertThat(t.site(2)).containsExactly(new NodeDef("127.0.0.12", "dc2"));
    assertThat(t.seeds()).isEqualTo("127.0.0.11,127.0.0.12,127.0.0.13");
    assertThatThrownBy(() -> t.site(4)).hasMessageContaining("--site must be 1..3");
    assertThatThrownBy(() -> t.site(0)).hasMessageContaining("--site must be 1..3");
  }

  @Test
  void should_name_a_single_dc_datacenter1_when_there_is_one_dc() {
    assertThat(Topology.grid(1, 1, 3).nodes())
        .extracting(NodeDef::datacenter)
        .containsOnly("datacenter1");
    assertThat(Topology.alternating(1, 3, 1).seeds()).isEqualTo("127.0.0.1");
  }

  @Test
  void should_alternate_dcs_as_before_when_nodes_are_given_without_nodes_per_dc() {
    Topology t = Topology.alternating(1, 3, 2);

    assertThat(t.nodes())
        .containsExactly(
            new NodeDef("127.0.0.1", "dc1"),
            new NodeDef("127.0.0.2", "dc2"),
            new NodeDef("127.0.0.3", "dc1"));
    assertThat(t.seeds()).isEqualTo("127.0.0.1,127.0.0.2");
  }

  @Test
  void should_refuse_the_layout_when_counts_or_addresses_are_out_of_range() {
    assertThatThrownBy(() -> Topology.grid(1, 6, 1)).hasMessageContaining("--dcs must be 1..5");
    assertThatThrownBy(() -> Topology.grid(1, 2, 4))
        .hasMessageContaining("--nodes-per-dc must be 1..3");
    assertThatThrownBy(() -> Topology.grid(250, 3, 3)).hasMessageContaining("127.0.0.254");
    assertThatThrownBy(() -> Topology.alternating(1, 2, 3)).hasMessageContaining("--nodes");
    assertThat(Topology.grid(246, 3, 3).nodes().get(8).address()).isEqualTo("127.0.0.254");
  }

  @Test
  void should_keep_the_old_options_when_the_launcher_is_given_nodes_and_dcs() {
    LocalCassandraMain.Launch l =
        LocalCassandraMain.parse(new String[] {"--nodes", "2", "--dcs", "2", "--heap-mb", "512"});

    assertThat(l.nodesToStart())
        .containsExactly(new NodeDef("127.0.0.1", "dc1"), new NodeDef("127.0.0.2", "dc2"));
    assertThat(l.keepData()).isFalse();
    assertThat(l.heapMb()).isEqualTo(512);
    assertThat(LocalCassandraMain.parse(new String[0]).nodesToStart())
        .containsExactly(new NodeDef("127.0.0.1", "datacenter1"));
  }

  @Test
  void should_start_one_site_of_the_grid_with_its_data_kept_when_site_and_keep_data_are_given() {
    LocalCassandraMain.Launch l =
        LocalCassandraMain.parse(
            new String[] {
              "--first-address",
              "127.0.0.11",
              "--dcs",
              "3",
              "--nodes-per-dc",
              "1",
              "--site",
              "3",
              "--keep-data",
              "--dir",
              "/tmp/multi-dc"
            });

    assertThat(l.nodesToStart()).containsExactly(new NodeDef("127.0.0.13", "dc3"));
    assertThat(l.topology().seeds()).isEqualTo("127.0.0.11,127.0.0.12,127.0.0.13");
    assertThat(l.keepData()).isTrue();
    assertThat(l.dir()).isEqualTo(Path.of("/tmp/multi-dc"));
  }

  @Test
  void should_refuse_the_command_line_when_options_conflict_or_are_unknown() {
    assertThatThrownBy(
            () -> LocalCassandraMain.parse(new String[] {"--nodes", "2", "--nodes-per-dc", "1"}))
        .hasMessageContaining("exclude each other");
    assertThatThrownBy(
            () ->
                LocalCassandraMain.parse(
                    new String[] {"--dcs", "2", "--nodes-per-dc", "1", "--site", "3"}))
        .hasMessageContaining("--site must be 1..2");
    assertThatThrownBy(() -> LocalCassandraMain.parse(new String[] {"--bogus"}))
        .hasMessageContaining("usage:");
    assertThatThrownBy(() -> LocalCassandraMain.parse(new String[] {"--nodes"}))
        .hasMessageContaining("usage:");
  }

  @Test
  void should_keep_the_directories_when_the_cluster_is_made_with_keep_data(
      @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path kept = tmp.resolve("127.0.0.12").resolve("data");
    java.nio.file.Files.createDirectories(kept);

    LocalCassandraCluster.of(
        tmp, List.of(new NodeDef("127.0.0.12", "dc2")), "127.0.0.11", 256, true);
    assertThat(kept).exists();

    LocalCassandraCluster c =
        LocalCassandraCluster.of(
            tmp, List.of(new NodeDef("127.0.0.12", "dc2")), "127.0.0.11", 256, false);
    assertThat(kept).doesNotExist();
    assertThat(c.nodes().get(0).spec().seeds()).isEqualTo("127.0.0.11");
  }

  @Test
  void should_enable_local_jmx_on_the_addresss_port_when_the_cluster_has_jmx() {
    LocalCassandraCluster c =
        LocalCassandraCluster.of(
                Path.of("/tmp/bsf-topology-test"),
                List.of(new NodeDef("127.0.0.13", "dc3")),
                "127.0.0.11",
                256,
                true)
            .withJmx();
    LocalCassandraNode node = c.nodes().get(0);

    assertThat(node.spec().jmxPort()).isEqualTo(7213);
    assertThat(node.command()).contains("-Dcassandra.jmx.local.port=7213");
    assertThat(node.pid()).isEqualTo(-1);
    assertThat(LocalNodeTool.command(7213, List.of("repair", "-full", "bsf"), Path.of("/l.xml")))
        .containsSubsequence(
            "org.apache.cassandra.tools.NodeTool",
            "-h",
            "127.0.0.1",
            "-p",
            "7213",
            "repair",
            "-full",
            "bsf");
  }

  @Test
  void should_not_enable_jmx_when_the_cluster_is_made_without_it() {
    LocalCassandraNode node =
        LocalCassandraCluster.singleNode(Path.of("/tmp/bsf-topology-test"), "127.0.0.7", 256)
            .nodes()
            .get(0);

    assertThat(node.spec().jmxPort()).isZero();
    assertThat(node.command()).noneMatch(a -> a.startsWith("-Dcassandra.jmx"));
  }
}
