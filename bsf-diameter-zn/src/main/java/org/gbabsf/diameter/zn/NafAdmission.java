package org.gbabsf.diameter.zn;

import org.gbabsf.core.zn.NafDirectory;
import org.gbabsf.diameter.PeerAdmission;

/** The CER admission of Zn: exactly the NAF hosts and realms of the NAF table pass CER. */
public final class NafAdmission {

  private NafAdmission() {}

  /** The admission the NAFs of {@code nafs} need. */
  public static PeerAdmission of(NafDirectory nafs) {
    return PeerAdmission.only(nafs.byIdentity().keySet(), nafs.byRealm().keySet());
  }
}
