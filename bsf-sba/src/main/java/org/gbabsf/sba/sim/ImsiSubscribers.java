package org.gbabsf.sba.sim;

import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.Subscriber;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.sba.n68.ImsiImpi;

/**
 * Every IMSI-derived IMPI of one home network (TS 23.003 §13.3), with keys derived from the IMPI as
 * {@link GeneratedSubscriberDirectory} does: the subscribers of a simulated UDM on N68, which knows
 * users by SUPI. Any other IMPI is unknown.
 */
public final class ImsiSubscribers implements SubscriberDirectory {

  private final String mcc;
  private final String mnc;

  /** The subscribers of home network {@code mcc}/{@code mnc} (2 or 3 digits). */
  public ImsiSubscribers(String mcc, String mnc) {
    this.mcc = mcc;
    this.mnc = mnc;
  }

  /** The IMPI of subscriber {@code n}: IMSI = MCC ‖ MNC ‖ n on ten digits. */
  public Impi impi(long n) {
    return ImsiImpi.impi(mcc + mnc + String.format("%010d", n), mcc, mnc);
  }

  @Override
  public Optional<Subscriber> find(Impi impi) {
    String padded = mnc.length() == 2 ? "0" + mnc : mnc;
    boolean home =
        impi.value()
            .toLowerCase(java.util.Locale.ROOT)
            .endsWith("@ims.mnc" + padded + ".mcc" + mcc + ".3gppnetwork.org");
    return home && ImsiImpi.supi(impi).isPresent()
        ? Optional.of(GeneratedSubscriberDirectory.derive(impi))
        : Optional.empty();
  }

  @Override
  public List<Impi> impis(int limit) {
    return java.util.stream.LongStream.range(0, limit).mapToObj(this::impi).toList();
  }
}
