package org.gbabsf.diameter.zn.avp;

/**
 * Codes of the Zn application (TS 29.109 §5 and §6.3). Every AVP here is 3GPP vendor-specific
 * (Vendor-Id 10415, V bit) with the M bit set.
 */
public final class ZnAvps {

  /** Zn Application-Id (TS 29.109 §5.1). */
  public static final long APPLICATION_ID = 16777220;

  /** Bootstrapping-Info-Request/Answer command code (TS 29.109 §5.4). */
  public static final int BOOTSTRAPPING_INFO = 310;

  /** GBA-UserSecSettings (§6.3.1.1). */
  public static final int GBA_USER_SEC_SETTINGS = 400;

  /** Transaction-Identifier: the B-TID (§6.3.1.2). */
  public static final int TRANSACTION_IDENTIFIER = 401;

  /** NAF-Id: FQDN ‖ Ua security protocol id (§6.3.1.3). */
  public static final int NAF_ID = 402;

  /** GAA-Service-Identifier (§6.3.1.4). */
  public static final int GAA_SERVICE_IDENTIFIER = 403;

  /** Key-ExpiryTime (§6.3.1.5), Time. */
  public static final int KEY_EXPIRY_TIME = 404;

  /** ME-Key-Material: Ks_(ext)_NAF (§6.3.1.6). */
  public static final int ME_KEY_MATERIAL = 405;

  /** UICC-Key-Material: Ks_int_NAF (§6.3.1.7). */
  public static final int UICC_KEY_MATERIAL = 406;

  /** GBA_U-Awareness-Indicator (§6.3.1.8): NO (0), YES (1). */
  public static final int GBA_U_AWARENESS_INDICATOR = 407;

  /** BootstrapInfoCreationTime (§6.3.1.9), Time. */
  public static final int BOOTSTRAP_INFO_CREATION_TIME = 408;

  /** GBA-Type (§6.3.1.11): 3G_GBA (0), 2G_GBA (1). */
  public static final int GBA_TYPE = 410;

  /** DIAMETER_ERROR_NOT_AUTHORIZED (§6.2.2). */
  public static final long ERROR_NOT_AUTHORIZED = 5402;

  /** DIAMETER_ERROR_TRANSACTION_IDENTIFIER_INVALID (§6.2.2). */
  public static final long ERROR_TRANSACTION_IDENTIFIER_INVALID = 5403;

  private ZnAvps() {}
}
