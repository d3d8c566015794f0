package org.gbabsf.sba.hss;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.sba.http.SbiClient;

/**
 * One SBI API that yields vectors: N65 (Nhss_gbaUEAU plus Nhss_gbaSDM, TS 29.562) or N68
 * (Nudm_UEAU, TS 29.503). {@link SbiHssClient} adds instances, failover and meters around it.
 */
public interface HssApi {

  /** The API's name in meters and logs: {@code n65} or {@code n68}. */
  String name();

  /**
   * One attempt at the instance whose apiRoot is {@code apiRoot}: a vector (and GUSS) for {@code
   * impi}, resynchronising first when {@code resync} is present. Never completes exceptionally.
   */
  CompletionStage<Step> vector(
      SbiClient client, URI apiRoot, Impi impi, Optional<AkaJson.Resync> resync, Duration timeout);
}
