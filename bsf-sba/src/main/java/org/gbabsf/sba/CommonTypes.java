package org.gbabsf.sba;

import java.util.regex.Pattern;

/**
 * The checks of TS 29.571 common data types (and of the TS 29.510 names that go with them) that the
 * SBI codecs and the configuration share: one pattern each, so that a profile, a discovery answer
 * and a configuration key accept exactly the same values.
 */
public final class CommonTypes {

  /** TS 29.571 Fqdn, without its length bounds (4 to 253), which {@link #isFqdn} adds. */
  private static final Pattern FQDN =
      Pattern.compile("^([0-9A-Za-z]([-0-9A-Za-z]{0,61}[0-9A-Za-z])?\\.)+[A-Za-z]{2,63}\\.?$");

  /**
   * TS 29.510 NFType: upper-case letters, digits and underscores, e.g. {@code HSS}, {@code
   * 5G_DDNMF}.
   */
  private static final Pattern NF_TYPE = Pattern.compile("^[A-Z0-9][A-Z0-9_]*$");

  /** TS 29.510 ServiceName, e.g. {@code nbsp-gba}. */
  private static final Pattern SERVICE_NAME = Pattern.compile("^[a-z0-9][a-z0-9-]*$");

  /** TS 29.571 NfInstanceId: a UUID in its 8-4-4-4-12 text form. */
  private static final Pattern UUID =
      Pattern.compile("^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$");

  private CommonTypes() {}

  /** True if {@code text} is an FQDN as TS 29.571 defines it (two labels at least). */
  public static boolean isFqdn(String text) {
    return text.length() >= 4 && text.length() <= 253 && FQDN.matcher(text).matches();
  }

  /** True if {@code text} has the form of an NF type. */
  public static boolean isNfType(String text) {
    return NF_TYPE.matcher(text).matches();
  }

  /** True if {@code text} has the form of a service name. */
  public static boolean isServiceName(String text) {
    return SERVICE_NAME.matcher(text).matches();
  }

  /** True if {@code text} is a UUID in its text form. */
  public static boolean isUuid(String text) {
    return UUID.matcher(text).matches();
  }
}
