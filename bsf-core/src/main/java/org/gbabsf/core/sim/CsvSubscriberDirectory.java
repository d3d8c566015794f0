package org.gbabsf.core.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.crypto.Milenage;
import org.gbabsf.core.domain.Impi;

/**
 * Subscribers from a CSV file, one per line: {@code impi,k,opc,amf,sqn} with K, OPc, AMF and SQN in
 * hex. Blank lines, lines starting with {@code #} and a header line starting with {@code impi} are
 * skipped.
 */
public final class CsvSubscriberDirectory implements SubscriberDirectory {

  private final Map<Impi, Subscriber> subscribers;

  private CsvSubscriberDirectory(Map<Impi, Subscriber> subscribers) {
    this.subscribers = Map.copyOf(subscribers);
  }

  /** Reads the file; a bad line fails with its line number and what is wrong with it. */
  public static CsvSubscriberDirectory read(Path csv) throws IOException {
    return parse(Files.readAllLines(csv, StandardCharsets.UTF_8), csv.toString());
  }

  /** Parses lines; {@code source} names them in error messages. */
  public static CsvSubscriberDirectory parse(List<String> lines, String source) {
    Map<Impi, Subscriber> out = new HashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("impi,")) {
        continue;
      }
      String where = source + ":" + (i + 1);
      String[] f = line.split(",", -1);
      if (f.length != 5) {
        throw new IllegalArgumentException(where + ": expected impi,k,opc,amf,sqn");
      }
      if (!Impi.isValid(f[0].strip())) {
        throw new IllegalArgumentException(where + ": not a valid IMPI");
      }
      Impi impi = new Impi(f[0].strip());
      try {
        byte[] sqn = Hex.decode(pad12(f[4].strip()));
        Subscriber s =
            new Subscriber(
                impi,
                Hex.decode(f[1].strip()),
                Hex.decode(f[2].strip()),
                Hex.decode(f[3].strip()),
                Milenage.sqnValue(sqn));
        if (out.put(impi, s) != null) {
          throw new IllegalArgumentException(where + ": duplicate IMPI " + impi);
        }
      } catch (IllegalArgumentException bad) {
        if (bad.getMessage() != null && bad.getMessage().startsWith(where)) {
          throw bad;
        }
        throw new IllegalArgumentException(
            where + ": K/OPc must be 32 hex digits, AMF 4, SQN up to 12", bad);
      }
    }
    return new CsvSubscriberDirectory(out);
  }

  private static String pad12(String hex) {
    if (hex.length() > 12) {
      throw new IllegalArgumentException("SQN longer than 48 bits");
    }
    return "0".repeat(12 - hex.length()) + hex;
  }

  @Override
  public Optional<Subscriber> find(Impi impi) {
    return Optional.ofNullable(subscribers.get(impi));
  }

  @Override
  public List<Impi> impis(int limit) {
    return subscribers.keySet().stream()
        .sorted(java.util.Comparator.comparing(Impi::value))
        .limit(limit)
        .toList();
  }

  /** Number of subscribers read. */
  public int size() {
    return subscribers.size();
  }
}
