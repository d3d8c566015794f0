package org.gbabsf.diameter.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.junit.jupiter.api.Test;

/**
 * Golden BIR/BIA bytes, written by hand from RFC 6733 §3 (header), §4.1 (AVP header, padding to 32
 * bits), §4.3.1 (Time) and TS 29.109 §5.4 and §6.3 (Zn AVPs: all V|M, vendor 10415 = 0x28af).
 */
class ZnGoldenBytesTest {

  private static final HexFormat HEX = HexFormat.of();

  private static final BTid BTID = new BTid("I1U8vpY3qJ0hiuZNrke/NQ==@bsf.home1.net");
  private static final NafId NAF = new NafId("naf.home1.net", hex("0100000002"));
  private static final byte[] KS_EXT_NAF =
      hex("d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428");

  private static byte[] hex(String... parts) {
    return HEX.parseHex(String.join("", parts).replace(" ", ""));
  }

  private static DiameterMessage bir() {
    return ZnCodec.encodeBir(
            new ZnCodec.Bir(
                "naf.home1.net;1;1",
                "naf.home1.net",
                "home1.net",
                "home1.net",
                BTID,
                NAF,
                List.of(1),
                true))
        .withIdentifiers(0xa1b2c3d4L, 0x0f1e2d3cL);
  }

  private static final String SESSION_ID =
      // Session-Id 263 = 0x107, M, 8 + 17 = 25 = 0x19, "naf.home1.net;1;1", 3 octets of padding
      "00000107 40 000019 6e61662e686f6d65312e6e65743b313b31 000000";
  private static final String VENDOR_SPECIFIC_APPLICATION_ID =
      // 260 = 0x104, M, 8 + 12 + 12 = 32: Vendor-Id 266 = 10415, Auth-Application-Id 258 = Zn
      // 16777220 = 0x01000004
      "00000104 40 000020 0000010a 40 00000c 000028af 00000102 40 00000c 01000004";
  private static final String HOME1_REALM =
      // "home1.net" (9 octets) and 3 octets of padding
      "686f6d65312e6e6574 000000";

  private static final byte[] GOLDEN_BIR =
      hex(
          // version 1, length 20 + 28 + 32 + 24 + 20 + 20 + 52 + 32 + 16 + 16 = 260 = 0x104
          "01 000104",
          // R|P = 0xc0, Bootstrapping-Info 310 = 0x136, Zn 16777220 = 0x01000004
          "c0 000136 01000004",
          // Hop-by-Hop, End-to-End
          "a1b2c3d4 0f1e2d3c",
          SESSION_ID,
          VENDOR_SPECIFIC_APPLICATION_ID,
          // Origin-Host 264 = 0x108, M, 8 + 13 = 21 = 0x15, "naf.home1.net", 3 octets of padding
          "00000108 40 000015 6e61662e686f6d65312e6e6574 000000",
          // Origin-Realm 296 = 0x128, M, 8 + 9 = 17 = 0x11
          "00000128 40 000011",
          HOME1_REALM,
          // Destination-Realm 283 = 0x11b, M, 17
          "0000011b 40 000011",
          HOME1_REALM,
          // Transaction-Identifier 401 = 0x191, V|M, 12 + 24 + 1 + 13 = 50 = 0x32,
          // "I1U8vpY3qJ0hiuZNrke/NQ==" "@" "bsf.home1.net", 2 octets of padding
          "00000191 c0 000032 000028af",
          "4931553876705933714a306869755a4e726b652f4e513d3d 40 6273662e686f6d65312e6e6574 0000",
          // NAF-Id 402 = 0x192, V|M, 12 + 13 + 5 = 30 = 0x1e, "naf.home1.net" ‖ 0100000002,
          // 2 octets of padding
          "00000192 c0 00001e 000028af 6e61662e686f6d65312e6e6574 0100000002 0000",
          // GAA-Service-Identifier 403 = 0x193, V|M, 12 + 1 = 13 = 0x0d, "1", 3 octets of padding
          "00000193 c0 00000d 000028af 31 000000",
          // GBA_U-Awareness-Indicator 407 = 0x197, V|M, 16 = 0x10, YES (1)
          "00000197 c0 000010 000028af 00000001");

  // Times (RFC 6733 §4.3.1: seconds since 1900-01-01 UTC, 32 bits). 2026-11-22 is day
  // 56 * 365 + 14 leap days (1972..2024) + 304 (Jan..Oct 2026) + 21 = 20779 after 1970-01-01,
  // i.e. 20779 * 86400 = 1795305600 s; plus 2208988800 s from 1900 to 1970 = 4004294400.
  // BootstrapInfoCreationTime 10:00:00Z = 4004294400 + 36000 = 4004330400 = 0xeead3ba0.
  // Key-ExpiryTime 11:00:00Z = 4004330400 + 3600 = 4004334000 = 0xeead49b0.
  private static final byte[] GOLDEN_BIA =
      hex(
          // version 1, length 20 + 28 + 32 + 12 + 24 + 20 + 32 + 44 + 16 + 16 + 20 + 16 = 280
          // = 0x118
          "01 000118",
          // P only = 0x40 (answer, not an error), Bootstrapping-Info 310 = 0x136, Zn
          "40 000136 01000004",
          // Hop-by-Hop, End-to-End of the BIR
          "a1b2c3d4 0f1e2d3c",
          SESSION_ID,
          VENDOR_SPECIFIC_APPLICATION_ID,
          // Result-Code 268 = 0x10c, M, 12, DIAMETER_SUCCESS 2001 = 0x7d1
          "0000010c 40 00000c 000007d1",
          // Origin-Host 264 = 0x108, M, 8 + 13 = 21 = 0x15, "bsf.home1.net", 3 octets of padding
          "00000108 40 000015 6273662e686f6d65312e6e6574 000000",
          // Origin-Realm 296 = 0x128, M, 17
          "00000128 40 000011",
          HOME1_REALM,
          // User-Name 1, M, 8 + 23 = 31 = 0x1f, "user1_private" "@" "home1.net", 1 of padding
          "00000001 40 00001f 75736572315f70726976617465 40 686f6d65312e6e6574 00",
          // ME-Key-Material 405 = 0x195, V|M, 12 + 32 = 44 = 0x2c, Ks_ext_NAF
          "00000195 c0 00002c 000028af",
          "d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428",
          // Key-ExpiryTime 404 = 0x194, V|M, 16 = 0x10, 4004334000
          "00000194 c0 000010 000028af eead49b0",
          // BootstrapInfoCreationTime 408 = 0x198, V|M, 16, 4004330400
          "00000198 c0 000010 000028af eead3ba0",
          // GBA-UserSecSettings 400 = 0x190, V|M, 12 + 7 = 19 = 0x13, "<guss/>", 1 of padding
          "00000190 c0 000013 000028af 3c677573732f3e 00",
          // GBA-Type 410 = 0x19a, V|M, 16, 3G_GBA (0)
          "0000019a c0 000010 000028af 00000000");

  @Test
  void should_encode_golden_bytes_when_bir_has_one_service_and_gba_u_awareness() {
    assertThat(HEX.formatHex(DiameterWire.encode(bir()))).isEqualTo(HEX.formatHex(GOLDEN_BIR));
  }

  @Test
  void should_encode_golden_bytes_when_bia_carries_keys() {
    ZnOutcome.Keys keys =
        new ZnOutcome.Keys(
            new Impi("user1_private@home1.net"),
            KS_EXT_NAF,
            Optional.empty(),
            Instant.parse("2026-11-22T11:00:00Z"),
            Instant.parse("2026-11-22T10:00:00Z"),
            GbaType.THREE_G,
            List.of(),
            "<guss/>");

    DiameterMessage bia = ZnCodec.encodeBia(bir(), "bsf.home1.net", "home1.net", keys);

    assertThat(HEX.formatHex(DiameterWire.encode(bia))).isEqualTo(HEX.formatHex(GOLDEN_BIA));
  }
}
