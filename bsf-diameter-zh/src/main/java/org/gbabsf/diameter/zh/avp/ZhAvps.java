package org.gbabsf.diameter.zh.avp;

/**
 * Codes of the Zh application (TS 29.109 §4 and §6; Cx AVPs reused from TS 29.229 §6.3). Every AVP
 * here is 3GPP vendor-specific (Vendor-Id 10415, V bit set).
 */
public final class ZhAvps {

  /** Zh Application-Id (TS 29.109 §4.1). */
  public static final long APPLICATION_ID = 16777221;

  /** Multimedia-Auth-Request/Answer command code (TS 29.109 §4.4.1). */
  public static final int MULTIMEDIA_AUTH = 303;

  /** Public-Identity (TS 29.229 §6.3.2), M and V. */
  public static final int PUBLIC_IDENTITY = 601;

  /** SIP-Number-Auth-Items (TS 29.229 §6.3.14), M and V. */
  public static final int SIP_NUMBER_AUTH_ITEMS = 607;

  /** SIP-Authentication-Scheme (TS 29.229 §6.3.15), M and V. */
  public static final int SIP_AUTHENTICATION_SCHEME = 608;

  /** SIP-Authenticate: RAND ‖ AUTN (TS 29.229 §6.3.16), M and V. */
  public static final int SIP_AUTHENTICATE = 609;

  /** SIP-Authorization: XRES in answers, RAND ‖ AUTS in resync requests (§6.3.17), M and V. */
  public static final int SIP_AUTHORIZATION = 610;

  /** SIP-Auth-Data-Item (TS 29.229 §6.3.13), grouped, M and V. */
  public static final int SIP_AUTH_DATA_ITEM = 612;

  /** SIP-Item-Number (TS 29.229 §6.3.18), M and V. */
  public static final int SIP_ITEM_NUMBER = 613;

  /** Confidentiality-Key: CK (TS 29.229 §6.3.27), M and V. */
  public static final int CONFIDENTIALITY_KEY = 625;

  /** Integrity-Key: IK (TS 29.229 §6.3.28), M and V. */
  public static final int INTEGRITY_KEY = 626;

  /** GBA-UserSecSettings: the GUSS XML (TS 29.109 §6.3.1.1), M and V. */
  public static final int GBA_USER_SEC_SETTINGS = 400;

  /** GUSS-Timestamp (TS 29.109 §6.3.1.10): V set, M clear. */
  public static final int GUSS_TIMESTAMP = 409;

  /** SIP-Authentication-Scheme for GBA (TS 29.109 §4.4.2). */
  public static final String DIGEST_AKA_V1_MD5 = "Digest-AKAv1-MD5";

  /** Experimental-Result-Code DIAMETER_ERROR_IDENTITY_UNKNOWN (TS 29.109 §6.2.2). */
  public static final long ERROR_IDENTITY_UNKNOWN = 5401;

  /** Cx's DIAMETER_ERROR_USER_UNKNOWN (TS 29.229 §6.2.2.1), sent by some HSSs on Zh. */
  public static final long CX_ERROR_USER_UNKNOWN = 5001;

  /** Experimental-Result-Code DIAMETER_AUTHENTICATION_DATA_UNAVAILABLE (TS 29.229 §6.2.2.x). */
  public static final long AUTHENTICATION_DATA_UNAVAILABLE = 4181;

  private ZhAvps() {}
}
