package org.gbabsf.diameter.base;

/** Result-Code values of the Diameter base protocol (RFC 6733 §7.1) used by the BSF. */
public final class ResultCodes {

  /** DIAMETER_SUCCESS. */
  public static final long SUCCESS = 2001;

  /** DIAMETER_UNABLE_TO_DELIVER. */
  public static final long UNABLE_TO_DELIVER = 3002;

  /** DIAMETER_TOO_BUSY. */
  public static final long TOO_BUSY = 3004;

  /** DIAMETER_UNKNOWN_PEER: a CER from a peer we do not admit (RFC 6733 §7.1.3). */
  public static final long UNKNOWN_PEER = 3010;

  /** DIAMETER_AUTHENTICATION_REJECTED. */
  public static final long AUTHENTICATION_REJECTED = 4001;

  /** DIAMETER_AVP_UNSUPPORTED. */
  public static final long AVP_UNSUPPORTED = 5001;

  /** DIAMETER_INVALID_AVP_VALUE. */
  public static final long INVALID_AVP_VALUE = 5004;

  /** DIAMETER_MISSING_AVP. */
  public static final long MISSING_AVP = 5005;

  /** DIAMETER_AVP_OCCURS_TOO_MANY_TIMES. */
  public static final long AVP_OCCURS_TOO_MANY_TIMES = 5009;

  /** DIAMETER_NO_COMMON_SECURITY: a CER without a security mechanism both sides accept. */
  public static final long NO_COMMON_SECURITY = 5017;

  /** DIAMETER_UNABLE_TO_COMPLY. */
  public static final long UNABLE_TO_COMPLY = 5012;

  private ResultCodes() {}
}
