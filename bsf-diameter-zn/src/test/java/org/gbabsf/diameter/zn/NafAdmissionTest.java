package org.gbabsf.diameter.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.gbabsf.core.zn.NafDirectory;
import org.gbabsf.diameter.PeerAdmission;
import org.junit.jupiter.api.Test;

class NafAdmissionTest {

  @Test
  void should_admit_exactly_the_configured_hosts_and_realms_when_nafs_connect() {
    PeerAdmission admission =
        NafAdmission.of(
            new NafDirectory(
                Map.of("naf.home1.net", "default", "mbms.partner.net", "mbms"),
                Map.of("partner.net", "partners")));

    assertThat(admission.admits("naf.home1.net", "home1.net")).isTrue();
    assertThat(admission.admits("any.partner.net", "partner.net")).isTrue();
    assertThat(admission.admits("other.home1.net", "home1.net")).isFalse();
  }
}
