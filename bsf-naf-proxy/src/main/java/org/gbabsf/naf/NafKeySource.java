package org.gbabsf.naf;

import java.util.concurrent.CompletionStage;

/**
 * Where the proxy gets a UE's NAF key by B-TID: the BSF over Zn ({@code ZnKeySource}); or its K_AF
 * by A-KID: the AAnF over Naanf_AKMA ({@code AanfKeySource}). The stage never completes
 * exceptionally: every failure is a {@link KeyAnswer}.
 */
public interface NafKeySource {

  /**
   * The key of {@code btid} (with AKMA, the A-KID) for NAF_Id = {@code nafFqdn} ‖ {@code
   * uaProtocolId} (TS 33.220 Annex H: 5 octets naming the Ua protocol, e.g. HTTP Digest, or Digest
   * over TLS with its suite; with AKMA, AF_ID of TS 33.535 Annex A.4).
   */
  CompletionStage<KeyAnswer> fetch(String btid, String nafFqdn, UaProtocol uaProtocolId);
}
