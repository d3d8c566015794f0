package org.gbabsf.diameter.base;

/** AVP codes of the Diameter base protocol (RFC 6733 §4.5) that the BSF reads or writes. */
public final class BaseAvps {

  /** User-Name (RFC 6733 §8.14). */
  public static final int USER_NAME = 1;

  /** Auth-Application-Id (RFC 6733 §6.8). */
  public static final int AUTH_APPLICATION_ID = 258;

  /** Vendor-Specific-Application-Id (RFC 6733 §6.11). */
  public static final int VENDOR_SPECIFIC_APPLICATION_ID = 260;

  /** Session-Id (RFC 6733 §8.8). */
  public static final int SESSION_ID = 263;

  /** Origin-Host (RFC 6733 §6.3). */
  public static final int ORIGIN_HOST = 264;

  /** Vendor-Id (RFC 6733 §5.3.3). */
  public static final int VENDOR_ID = 266;

  /** Result-Code (RFC 6733 §7.1). */
  public static final int RESULT_CODE = 268;

  /** Auth-Session-State (RFC 6733 §8.11). */
  public static final int AUTH_SESSION_STATE = 277;

  /** Failed-AVP (RFC 6733 §7.5). */
  public static final int FAILED_AVP = 279;

  /** Destination-Realm (RFC 6733 §6.6). */
  public static final int DESTINATION_REALM = 283;

  /** Destination-Host (RFC 6733 §6.5). */
  public static final int DESTINATION_HOST = 293;

  /** Origin-Realm (RFC 6733 §6.4). */
  public static final int ORIGIN_REALM = 296;

  /** Experimental-Result (RFC 6733 §7.6). */
  public static final int EXPERIMENTAL_RESULT = 297;

  /** Experimental-Result-Code (RFC 6733 §7.7). */
  public static final int EXPERIMENTAL_RESULT_CODE = 298;

  /** Auth-Session-State value NO_STATE_MAINTAINED. */
  public static final int NO_STATE_MAINTAINED = 1;

  /** 3GPP's vendor id (IANA enterprise number 10415). */
  public static final long VENDOR_3GPP = 10415;

  private BaseAvps() {}
}
