package org.gbabsf.core.sim;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;

/**
 * The GUSS a simulated HSS hands out (TS 29.109 Annex A): GBA_ME (or, per user, another {@code
 * uiccType}), a configurable lifetime, and a configurable list of USSs, each naming the user's SIP
 * URI {@code sip:<IMPI>}. By default one USS: GAA service type 1, NAF group {@code default}, flag
 * 1. With a timestamp, every GUSS carries it in {@code Extension/timestamp}, as the time the HSS
 * last changed it (what a BSF sends back in GUSS-Timestamp).
 */
public final class SimulatedGuss {

  /**
   * One USS to put in every GUSS.
   *
   * @param type the GAA service type
   * @param nafGroup the NAF group, empty for any NAF
   * @param flags security flags
   */
  public record Uss(int type, String nafGroup, List<Integer> flags) {
    /** Copies the flags. */
    public Uss {
      flags = List.copyOf(flags);
      nafGroup = nafGroup == null ? "" : nafGroup;
    }

    /**
     * Parses {@code TYPE[:GROUP[:FLAG+FLAG…]]}, e.g. {@code 1:default:1} or {@code 2:ims:1+4}.
     *
     * @throws IllegalArgumentException with what is wrong
     */
    public static Uss parse(String text) {
      String[] p = text.strip().split(":", -1);
      if (p.length > 3 || !p[0].matches("[0-9]{1,9}")) {
        throw new IllegalArgumentException(
            "USS must be TYPE[:GROUP[:FLAG+FLAG...]], e.g. 1:default:1, got '" + text + "'");
      }
      List<Integer> flags = new ArrayList<>();
      if (p.length == 3 && !p[2].isEmpty()) {
        for (String f : p[2].split("\\+")) {
          if (!f.matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException("USS flag must be a number, got '" + f + "'");
          }
          flags.add(Integer.parseInt(f));
        }
      }
      return new Uss(Integer.parseInt(p[0]), p.length > 1 ? p[1] : "", flags);
    }

    /** Parses a {@code ;}-separated list of {@link #parse} entries; empty text gives none. */
    public static List<Uss> parseList(String text) {
      List<Uss> out = new ArrayList<>();
      for (String entry : text.split(";")) {
        if (!entry.isBlank()) {
          out.add(parse(entry));
        }
      }
      return out;
    }
  }

  /** The default USS list: type 1, NAF group {@code default}, flag 1. */
  public static final List<Uss> DEFAULT_USS = List.of(new Uss(1, "default", List.of(1)));

  private final Duration lifetime;
  private final List<Uss> uss;
  private final Optional<Instant> timestamp;
  private final Map<Impi, String> uiccTypes;

  /** GUSS with {@code lifeTime} = {@code lifetime} in seconds and the default USS. */
  public SimulatedGuss(Duration lifetime) {
    this(lifetime, DEFAULT_USS);
  }

  /** GUSS with {@code lifeTime} = {@code lifetime} in seconds and {@code uss}. */
  public SimulatedGuss(Duration lifetime, List<Uss> uss) {
    this(lifetime, uss, Optional.empty());
  }

  /**
   * GUSS with {@code lifeTime} = {@code lifetime} in seconds, {@code uss} and, when present, {@code
   * timestamp} (whole seconds: GUSS-Timestamp is a Diameter Time) as the time of its last change.
   */
  public SimulatedGuss(Duration lifetime, List<Uss> uss, Optional<Instant> timestamp) {
    this(lifetime, uss, timestamp.map(t -> t.truncatedTo(ChronoUnit.SECONDS)), Map.of());
  }

  private SimulatedGuss(
      Duration lifetime, List<Uss> uss, Optional<Instant> timestamp, Map<Impi, String> uiccTypes) {
    this.lifetime = lifetime;
    this.uss = List.copyOf(uss);
    this.timestamp = timestamp;
    this.uiccTypes = Map.copyOf(uiccTypes);
  }

  /**
   * These GUSSs, except that {@code impi}'s says {@code uiccType} ({@code GBA_U}, or any text, to
   * play an HSS that names a type the BSF does not know); every other user's says {@code GBA}.
   */
  public SimulatedGuss withUiccType(Impi impi, String uiccType) {
    Map<Impi, String> types = new HashMap<>(uiccTypes);
    types.put(impi, uiccType);
    return new SimulatedGuss(lifetime, uss, timestamp, types);
  }

  /** The time every GUSS says it was last changed, if it says. */
  public Optional<Instant> timestamp() {
    return timestamp;
  }

  /** The GUSS for {@code impi}. */
  public Guss forUser(Impi impi) {
    String uid = "sip:" + impi.value();
    String uicc = uiccTypes.getOrDefault(impi, "GBA");
    StringBuilder xml =
        new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            .append("<guss xmlns=\"uri:3gpp-gba\" id=\"")
            .append(escape(impi.value()))
            .append("\"><bsfInfo><uiccType>")
            .append(escape(uicc))
            .append("</uiccType><lifeTime>")
            .append(lifetime.toSeconds())
            .append("</lifeTime></bsfInfo>");
    timestamp.ifPresent(
        t -> xml.append("<Extension><timestamp>").append(t).append("</timestamp></Extension>"));
    xml.append("<ussList>");
    List<UserSecuritySetting> settings = new ArrayList<>();
    for (int i = 0; i < uss.size(); i++) {
      Uss u = uss.get(i);
      String id = Integer.toString(i + 1);
      xml.append("<uss id=\"").append(id).append("\" type=\"").append(u.type()).append('"');
      if (!u.nafGroup().isEmpty()) {
        xml.append(" nafGroup=\"").append(escape(u.nafGroup())).append('"');
      }
      xml.append("><uids><uid>").append(escape(uid)).append("</uid></uids><flags>");
      for (int flag : u.flags()) {
        xml.append("<flag>").append(flag).append("</flag>");
      }
      xml.append("</flags></uss>");
      settings.add(new UserSecuritySetting(id, u.type(), u.nafGroup(), List.of(uid), u.flags()));
    }
    xml.append("</ussList></guss>");
    return new Guss(
        xml.toString(), UiccType.named(uicc), Optional.of(lifetime), settings, timestamp);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
