package org.gbabsf.naf;

import java.util.concurrent.CompletionStage;

/**
 * Where the proxy gets a UE's NAF key by B-TID: the BSF over Zn ({@code ZnKeySource}). The stage
 * never completes exceptionally: every failure is a {@link KeyAnswer}.
 */
public interface NafKeySource {

  /** The key of {@code btid} for the NAF {@code nafFqdn} (Ua protocol: HTTP Digest). */
  CompletionStage<KeyAnswer> fetch(String btid, String nafFqdn);
}
