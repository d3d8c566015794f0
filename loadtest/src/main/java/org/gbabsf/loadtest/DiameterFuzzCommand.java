package org.gbabsf.loadtest;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.zn.ZnCodec;
import org.gbabsf.diameter.zn.avp.ZnAvps;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest diameter-fuzz}: a socket-level fuzzer of a BSF's Diameter port, seeded and
 * reproducible. Each round is one connection: garbage before any CER (random bytes, bad versions
 * and lengths, a slow header), or a valid CER as an admitted NAF followed by mutated BIRs (bit
 * flips, cuts, length fields, duplicated and foreign AVPs, vendor-flagged grouped AVPs, valid and
 * broken messages in one write) with valid BIRs interleaved, or a bare open and close or reset.
 * Counts what came back. Loopback only; bounded in time.
 */
@Command(
    name = "diameter-fuzz",
    mixinStandardHelpOptions = true,
    description = "Fuzz a BSF's Diameter port over sockets (loopback only).")
final class DiameterFuzzCommand implements Callable<Integer> {

  @Option(names = "--target", defaultValue = "127.0.0.1:3868", description = "host:port.")
  String target;

  @Option(names = "--naf-host", defaultValue = "naf.fuzz.test", description = "Admitted NAF.")
  String nafHost;

  @Option(names = "--naf-realm", defaultValue = "fuzz.test", description = "Its realm.")
  String nafRealm;

  @Option(names = "--bsf-realm", defaultValue = "home1.net", description = "BSF realm.")
  String bsfRealm;

  @Option(names = "--seed", defaultValue = "1", description = "Random seed.")
  long seed;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      converter = DurationConverter.class,
      description = "How long (at most 1 hour).")
  Duration duration;

  @Spec CommandSpec spec;

  private final Map<String, Long> outcomes = new TreeMap<>();
  private long sent;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    int colon = target.lastIndexOf(':');
    InetSocketAddress address =
        new InetSocketAddress(
            InetAddress.getByName(target.substring(0, colon)),
            Integer.parseInt(target.substring(colon + 1)));
    if (!address.getAddress().isLoopbackAddress() || duration.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException("loopback targets only, at most 1 hour");
    }
    Random random = new Random(seed);
    long end = System.nanoTime() + duration.toNanos();
    long rounds = 0;
    while (System.nanoTime() < end) {
      rounds++;
      int kind = random.nextInt(10);
      try (Socket s = new Socket()) {
        s.connect(address, 5_000);
        s.setSoTimeout(500);
        if (kind < 3) {
          beforeCer(s, random);
        } else if (kind < 9) {
          admitted(s, random);
        } else if (random.nextBoolean()) {
          s.setSoLinger(true, 0); // reset instead of close
        }
      } catch (IOException e) {
        count("io:" + e.getClass().getSimpleName());
      }
    }
    out.printf("diameter-fuzz: %d connections, %d messages sent, seed %d%n", rounds, sent, seed);
    outcomes.forEach((k, v) -> out.printf("  %-28s %d%n", k, v));
    out.flush();
    return 0;
  }

  private void beforeCer(Socket s, Random random) throws IOException {
    byte[] bytes;
    switch (random.nextInt(4)) {
      case 0 -> {
        bytes = new byte[1 + random.nextInt(300)];
        random.nextBytes(bytes);
      }
      case 1 -> bytes = mutate(DiameterWire.encode(cer()), random);
      case 2 -> {
        bytes = new byte[20];
        bytes[0] = 1; // length 0, or a random one
        if (random.nextBoolean()) {
          ByteBuffer.wrap(bytes).putInt(0x0100_0000 | (random.nextInt() & 0xFF_FFFF));
        }
      }
      default -> bytes = Hex.decode("01"); // a slow header: one byte, then silence
    }
    write(s, bytes);
    drain(s);
  }

  private void admitted(Socket s, Random random) throws IOException {
    write(s, DiameterWire.encode(cer()));
    DataInputStream in = new DataInputStream(s.getInputStream());
    if (read(in) == null) {
      count("cer:no_cea");
      return;
    }
    int messages = 1 + random.nextInt(20);
    for (int i = 0; i < messages; i++) {
      byte[] valid = DiameterWire.encode(bir(random));
      int how = random.nextInt(4);
      byte[] bytes =
          switch (how) {
            case 0 -> valid;
            case 1 -> concat(mutate(valid, random), DiameterWire.encode(bir(random)));
            default -> mutate(valid, random);
          };
      write(s, bytes);
      String answer = read(in);
      if (answer == null) {
        return; // closed by the BSF (a framing violation) or silent
      }
    }
  }

  /** The next answer's result as a tag, or null when the connection ended or went silent. */
  private String read(DataInputStream in) throws IOException {
    try {
      int first = in.readInt();
      int length = first & 0xFF_FFFF;
      if (length < 20 || length > 1 << 20) {
        count("answer:unframed");
        return null;
      }
      byte[] wire = new byte[length];
      ByteBuffer.wrap(wire).putInt(first);
      in.readFully(wire, 4, length - 4);
      String tag =
          DiameterWire.decode(wire)
              .map(
                  m ->
                      "answer:"
                          + m.commandCode()
                          + ":"
                          + BaseMessages.resultCode(m)
                              .map(r -> Long.toString(r.code()))
                              .orElse("none"))
              .orElse("answer:undecodable");
      count(tag);
      return tag;
    } catch (java.io.EOFException | java.net.SocketException closed) {
      count("closed_by_bsf");
      return null;
    } catch (SocketTimeoutException silent) {
      count("no_answer_500ms");
      return null;
    }
  }

  private void drain(Socket s) throws IOException {
    try {
      byte[] buffer = new byte[4096];
      int n = s.getInputStream().read(buffer);
      count(n < 0 ? "closed_by_bsf" : "answer:before_cer");
    } catch (SocketTimeoutException silent) {
      count("no_answer_500ms");
    } catch (java.net.SocketException reset) {
      count("closed_by_bsf");
    }
  }

  private void write(Socket s, byte[] bytes) throws IOException {
    s.getOutputStream().write(bytes);
    s.getOutputStream().flush();
    sent++;
  }

  private static byte[] mutate(byte[] m, Random random) {
    byte[] b = m.clone();
    switch (random.nextInt(7)) {
      case 0 -> { // bit flips
        for (int i = 0; i < 1 + random.nextInt(8); i++) {
          b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
        }
      }
      case 1 -> b = java.util.Arrays.copyOf(b, 1 + random.nextInt(b.length)); // cut short
      case 2 -> ByteBuffer.wrap(b).putInt(0x0100_0000 | random.nextInt(1 << 24)); // length field
      case 3 -> b[0] = (byte) random.nextInt(256); // version
      case 4 -> { // an AVP length field somewhere inside
        int at = 20 + 4 * random.nextInt(Math.max(1, (b.length - 28) / 4));
        ByteBuffer.wrap(b).putInt(at + 4, random.nextInt());
      }
      case 5 -> { // a vendor-flagged grouped AVP with a broken child
        byte[] extra =
            DiameterWire.encodeAvps(
                List.of(Avp.grouped(297, 10415, true, Avp.u32(298, 0, true, 2001))));
        ByteBuffer.wrap(extra).putInt(16, random.nextInt(64)); // the child's length
        b = concat(b, extra);
        ByteBuffer.wrap(b).putInt(0x0100_0000 | b.length);
      }
      default -> { // flags: E bit, no R bit, unknown command
        b[4] ^= (byte) (0x20 << random.nextInt(3));
        if (random.nextBoolean()) {
          b[7] = (byte) random.nextInt(256);
        }
      }
    }
    return b;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private DiameterMessage cer() {
    return BaseMessages.capabilitiesExchangeRequest(
        nafHost, nafRealm, "diameter-fuzz", BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID);
  }

  private DiameterMessage bir(Random random) {
    byte[] rand = new byte[16];
    random.nextBytes(rand);
    String btid = java.util.Base64.getEncoder().encodeToString(rand) + "@bsf." + bsfRealm;
    List<Integer> services = new ArrayList<>();
    if (random.nextBoolean()) {
      services.add(1);
    }
    DiameterMessage m =
        ZnCodec.encodeBir(
            new ZnCodec.Bir(
                nafHost + ";" + random.nextInt(1 << 20) + ";1",
                nafHost,
                nafRealm,
                bsfRealm,
                new BTid(btid),
                new NafId(
                    random.nextInt(4) == 0 ? "other-naf.example.org" : nafHost,
                    Hex.decode("0100000002")),
                services,
                random.nextBoolean()));
    return m.withIdentifiers(random.nextInt() & 0xFFFF_FFFFL, random.nextInt() & 0xFFFF_FFFFL);
  }

  private void count(String tag) {
    outcomes.merge(tag, 1L, Long::sum);
  }
}
