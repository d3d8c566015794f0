package org.gbabsf.core.zn;

import java.util.ArrayList;
import java.util.List;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UserSecuritySetting;

/**
 * Which of a user's USSs a NAF may see, and whether it may serve the user at all (TS 33.220 §4.5.3,
 * §4.4.6; TS 29.109 §5.2.2). A USS is visible to a NAF when its NAF group is empty (any NAF) or
 * equals the NAF's group, and, if the NAF named GAA service identifiers, when its service type is
 * one of them. A NAF that sees no USS of a user whose GUSS has USSs is not authorised; a GUSS
 * without any USS places no restriction.
 */
public final class UssPolicy {

  private UssPolicy() {}

  /** The USSs of {@code guss} visible to a NAF of {@code nafGroup} asking for {@code services}. */
  public static List<UserSecuritySetting> visible(
      Guss guss, String nafGroup, List<Integer> services) {
    List<UserSecuritySetting> out = new ArrayList<>();
    for (UserSecuritySetting uss : guss.ussList()) {
      boolean group = uss.nafGroup().isEmpty() || uss.nafGroup().equals(nafGroup);
      boolean service = services.isEmpty() || services.contains(uss.type());
      if (group && service) {
        out.add(uss);
      }
    }
    return out;
  }

  /** True if the NAF may get keys for this user: no USS at all, or at least one visible. */
  public static boolean authorised(Guss guss, List<UserSecuritySetting> visible) {
    return guss.ussList().isEmpty() || !visible.isEmpty();
  }
}
