package org.gbabsf.diameter.zh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.diameter.zh.GussParser.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GussParserTest {

  /** A full GUSS as TS 29.109 Annex A lays it out, with the namespace. */
  static final String FULL =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <guss xmlns="uri:3gpp-gba" id="guss-1">
        <bsfInfo>
          <uiccType>GBA_U</uiccType>
          <lifeTime>7200</lifeTime>
        </bsfInfo>
        <ussList>
          <uss id="1" type="1" nafGroup="g1">
            <uids>
              <uid>sip:user1_public1@home1.net</uid>
              <uid>tel:+358501234567</uid>
            </uids>
            <flags>
              <flag>1</flag>
              <flag>2</flag>
            </flags>
          </uss>
          <uss id="2" type="3" nafGroup="g2">
            <uids><uid>sip:a@home1.net</uid><uid>sip:b@home1.net</uid><uid>sip:c@home1.net</uid></uids>
            <flags><flag>3</flag><flag>4</flag></flags>
          </uss>
        </ussList>
      </guss>
      """;

  static final List<UserSecuritySetting> FULL_USS =
      List.of(
          new UserSecuritySetting(
              "1",
              1,
              "g1",
              List.of("sip:user1_public1@home1.net", "tel:+358501234567"),
              List.of(1, 2)),
          new UserSecuritySetting(
              "2",
              3,
              "g2",
              List.of("sip:a@home1.net", "sip:b@home1.net", "sip:c@home1.net"),
              List.of(3, 4)));

  private static final String SINGLE =
      "<guss><bsfInfo><uiccType>GBA</uiccType><lifeTime>0</lifeTime></bsfInfo>"
          + "<ussList><uss id=\"u\" type=\"42\" nafGroup=\"g\"><uids><uid> sip:only@home1.net </uid>"
          + "</uids><flags><flag>7</flag></flags></uss></ussList></guss>";

  private static final String NO_BSF_INFO =
      "<guss xmlns=\"uri:3gpp-gba\"><ussList><uss id=\"1\" type=\"1\" nafGroup=\"g\">"
          + "<uids><uid>sip:x@home1.net</uid></uids></uss></ussList></guss>";

  private static final String EMPTY_USS_LIST =
      "<guss xmlns=\"uri:3gpp-gba\"><bsfInfo><uiccType>GBA_U</uiccType></bsfInfo>"
          + "<ussList/></guss>";

  private static final String EMPTY_USS_LIST_OPEN_CLOSE =
      "<guss><bsfInfo><lifeTime>60</lifeTime></bsfInfo><ussList>\n  </ussList></guss>";

  private static final String NO_NAF_GROUP =
      "<guss><ussList><uss id=\"9\" type=\"2\"><uids><uid>sip:y@home1.net</uid></uids>"
          + "<flags/></uss></ussList></guss>";

  /** The timestamp as the Sentinel GAA documentation's GUSS example carries it. */
  private static final String TIMESTAMP_UTC =
      "<guss><bsfInfo><lifeTime>86400</lifeTime></bsfInfo>"
          + "<Extension><timestamp>2008-09-10T11:12:13Z</timestamp></Extension><ussList/></guss>";

  private static final String TIMESTAMP_OFFSET =
      "<guss><extension><timestamp> 2008-09-10T13:12:13.250+02:00 </timestamp></extension>"
          + "<ussList/></guss>";

  private static final String TIMESTAMP_IN_BSF_INFO =
      "<guss><bsfInfo><Extension><timestamp>2008-09-10T11:12:13Z</timestamp></Extension>"
          + "</bsfInfo><ussList/></guss>";

  private static final String TIMESTAMP_NOT_A_DATE_TIME =
      "<guss><Extension><timestamp>yesterday</timestamp></Extension><ussList/></guss>";

  private static final String TIMESTAMP_A_BARE_DATE =
      "<guss><Extension><timestamp>2008-09-10</timestamp></Extension><ussList/></guss>";

  private static final String TIMESTAMP_EMPTY =
      "<guss><Extension><timestamp/></Extension><ussList/></guss>";

  private static final String TIMESTAMP_TWICE =
      "<guss><Extension><timestamp>2008-09-10T11:12:13Z</timestamp>"
          + "<timestamp>2008-09-10T11:12:14Z</timestamp></Extension><ussList/></guss>";

  private static final String TIMESTAMP_LOCAL =
      "<guss><ussList/><Extension><timestamp>2008-09-10T11:12:13</timestamp></Extension></guss>";

  static Stream<Arguments> valid() {
    return Stream.of(
        Arguments.of(
            "Extension/timestamp in UTC",
            TIMESTAMP_UTC,
            new Guss(
                TIMESTAMP_UTC,
                UiccType.GBA,
                Optional.of(Duration.ofDays(1)),
                List.of(),
                Optional.of(Instant.parse("2008-09-10T11:12:13Z")))),
        Arguments.of(
            "extension/timestamp with an offset and a fraction",
            TIMESTAMP_OFFSET,
            new Guss(
                TIMESTAMP_OFFSET,
                UiccType.GBA,
                Optional.empty(),
                List.of(),
                Optional.of(Instant.parse("2008-09-10T11:12:13.250Z")))),
        Arguments.of(
            "timestamp in bsfInfo/Extension",
            TIMESTAMP_IN_BSF_INFO,
            new Guss(
                TIMESTAMP_IN_BSF_INFO,
                UiccType.GBA,
                Optional.empty(),
                List.of(),
                Optional.of(Instant.parse("2008-09-10T11:12:13Z")))),
        Arguments.of(
            "timestamp not a dateTime: a GUSS without one",
            TIMESTAMP_NOT_A_DATE_TIME,
            new Guss(TIMESTAMP_NOT_A_DATE_TIME, UiccType.GBA, Optional.empty(), List.of())),
        Arguments.of(
            "timestamp a bare date: a GUSS without one",
            TIMESTAMP_A_BARE_DATE,
            new Guss(TIMESTAMP_A_BARE_DATE, UiccType.GBA, Optional.empty(), List.of())),
        Arguments.of(
            "timestamp empty: a GUSS without one",
            TIMESTAMP_EMPTY,
            new Guss(TIMESTAMP_EMPTY, UiccType.GBA, Optional.empty(), List.of())),
        Arguments.of(
            "timestamp twice: a GUSS without one",
            TIMESTAMP_TWICE,
            new Guss(TIMESTAMP_TWICE, UiccType.GBA, Optional.empty(), List.of())),
        Arguments.of(
            "timestamp without an offset, read as UTC",
            TIMESTAMP_LOCAL,
            new Guss(
                TIMESTAMP_LOCAL,
                UiccType.GBA,
                Optional.empty(),
                List.of(),
                Optional.of(Instant.parse("2008-09-10T11:12:13Z")))),
        Arguments.of(
            "full GUSS with namespace, GBA_U, lifetime, two USSs",
            FULL,
            new Guss(FULL, UiccType.GBA_U, Optional.of(Duration.ofSeconds(7200)), FULL_USS)),
        Arguments.of(
            "single uss with a single uid and flag",
            SINGLE,
            new Guss(
                SINGLE,
                UiccType.GBA,
                Optional.of(Duration.ZERO),
                List.of(
                    new UserSecuritySetting(
                        "u", 42, "g", List.of("sip:only@home1.net"), List.of(7))))),
        Arguments.of(
            "no bsfInfo: GBA, no lifetime",
            NO_BSF_INFO,
            new Guss(
                NO_BSF_INFO,
                UiccType.GBA,
                Optional.empty(),
                List.of(
                    new UserSecuritySetting("1", 1, "g", List.of("sip:x@home1.net"), List.of())))),
        Arguments.of(
            "empty ussList element",
            EMPTY_USS_LIST,
            new Guss(EMPTY_USS_LIST, UiccType.GBA_U, Optional.empty(), List.of())),
        Arguments.of(
            "ussList with only whitespace",
            EMPTY_USS_LIST_OPEN_CLOSE,
            new Guss(
                EMPTY_USS_LIST_OPEN_CLOSE,
                UiccType.GBA,
                Optional.of(Duration.ofMinutes(1)),
                List.of())),
        Arguments.of(
            "uss without nafGroup",
            NO_NAF_GROUP,
            new Guss(
                NO_NAF_GROUP,
                UiccType.GBA,
                Optional.empty(),
                List.of(
                    new UserSecuritySetting("9", 2, "", List.of("sip:y@home1.net"), List.of())))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valid")
  void should_parse_guss_when_well_formed(String name, String xml, Guss expected) {
    Result result = GussParser.parse(xml);

    assertThat(result).isEqualTo(new Result.Parsed(expected));
    assertThat(((Result.Parsed) result).guss().rawXml()).isSameAs(xml);
  }

  /** Written so that a parser that resolved it would put the file's text into parsed values. */
  private static final String EXTERNAL_ENTITY =
      """
      <?xml version="1.0"?>
      <!DOCTYPE guss [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
      <guss>
        <bsfInfo><uiccType>GBA</uiccType></bsfInfo>
        <ussList><uss id="&xxe;" type="1" nafGroup="&xxe;">
          <uids><uid>&xxe;</uid></uids>
        </uss></ussList>
      </guss>
      """;

  private static final String PARAMETER_ENTITY =
      """
      <?xml version="1.0"?>
      <!DOCTYPE guss [ <!ENTITY % ext SYSTEM "file:///etc/passwd"> %ext; ]>
      <guss><ussList><uss id="1" type="1"><uids><uid>x</uid></uids></uss></ussList></guss>
      """;

  private static final String EXTERNAL_DTD =
      """
      <?xml version="1.0"?>
      <!DOCTYPE guss SYSTEM "file:///etc/passwd">
      <guss><ussList><uss id="1" type="1"><uids><uid>x</uid></uids></uss></ussList></guss>
      """;

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of("not XML", "this is not xml"),
        Arguments.of("unclosed element", "<guss><ussList></guss>"),
        Arguments.of("empty document", ""),
        Arguments.of("DOCTYPE with an external entity", EXTERNAL_ENTITY),
        Arguments.of(
            "uss type not a number", "<guss><ussList><uss id=\"1\" type=\"x\"/></ussList></guss>"),
        Arguments.of("uss without type", "<guss><ussList><uss id=\"1\"/></ussList></guss>"),
        Arguments.of(
            "flag not a number",
            "<guss><ussList><uss id=\"1\" type=\"1\"><flags><flag>1</flag><flag>x</flag></flags>"
                + "</uss></ussList></guss>"),
        Arguments.of(
            "lifeTime negative",
            "<guss><bsfInfo><lifeTime>-1</lifeTime></bsfInfo><ussList/></guss>"),
        Arguments.of(
            "lifeTime not a number",
            "<guss><bsfInfo><lifeTime>soon</lifeTime></bsfInfo><ussList/></guss>"),
        Arguments.of(
            "larger than MAX_LENGTH",
            "<guss><ussList/></guss>" + " ".repeat(GussParser.MAX_LENGTH)));
  }

  @Test
  void should_parse_as_unknown_uicc_type_when_the_type_is_neither_gba_nor_gba_u() {
    Result result =
        GussParser.parse("<guss><bsfInfo><uiccType>SIM</uiccType></bsfInfo><ussList/></guss>");

    assertThat(result)
        .isInstanceOfSatisfying(
            Result.Parsed.class,
            parsed -> assertThat(parsed.guss().uiccType()).isEqualTo(UiccType.UNKNOWN));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void should_refuse_guss_when_invalid(String name, String xml) {
    Result result = GussParser.parse(xml);

    assertThat(result)
        .isInstanceOfSatisfying(
            Result.Invalid.class, invalid -> assertThat(invalid.reason()).isNotBlank());
  }

  static Stream<Arguments> entityAttacks() {
    return Stream.of(
        Arguments.of("general external entity", EXTERNAL_ENTITY),
        Arguments.of("external parameter entity", PARAMETER_ENTITY),
        Arguments.of("external DTD subset", EXTERNAL_DTD));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entityAttacks")
  void should_never_read_local_files_when_guss_declares_external_entities(String name, String xml) {
    Result result = GussParser.parse(xml);

    String everything =
        result instanceof Result.Parsed parsed
            ? parsed.guss().ussList().toString()
            : ((Result.Invalid) result).reason();
    assertThat(everything).doesNotContain("root:").doesNotContain("/bin/");
  }

  /**
   * Files we control, with a marker: if the parser read any of them, the marker would reach a
   * parsed value; unread, the entity reference is undeclared and the GUSS refused.
   */
  @Test
  void should_not_read_external_dtd_or_entity_files_when_guss_references_them(@TempDir Path dir)
      throws IOException {
    Path dtd = Files.writeString(dir.resolve("guss.dtd"), "<!ENTITY leak \"LEAKED-DTD\">");
    Path text = Files.writeString(dir.resolve("leak.txt"), "LEAKED-TEXT");
    String body = "<guss><ussList><uss id=\"1\" type=\"1\"><uids><uid>&leak;</uid></uids>";
    List<String> attacks =
        List.of(
            "<!DOCTYPE guss SYSTEM \"" + dtd.toUri() + "\">" + body + "</uss></ussList></guss>",
            "<!DOCTYPE guss [ <!ENTITY % ext SYSTEM \""
                + dtd.toUri()
                + "\"> %ext; ]>"
                + body
                + "</uss></ussList></guss>",
            "<!DOCTYPE guss [ <!ENTITY leak SYSTEM \""
                + text.toUri()
                + "\"> ]>"
                + body
                + "</uss></ussList></guss>");

    for (String xml : attacks) {
      assertThat(GussParser.parse(xml)).as(xml).isInstanceOf(Result.Invalid.class);
    }
  }

  @Test
  void should_accept_guss_when_exactly_max_length() {
    String head = "<guss><ussList/></guss>";
    String xml = head + " ".repeat(GussParser.MAX_LENGTH - head.length());

    assertThat(GussParser.parse(xml)).isInstanceOf(Result.Parsed.class);
  }

  @Test
  void should_refuse_guss_when_more_than_max_length_octets_in_utf8() {
    // 2-octet characters: fewer chars than MAX_LENGTH, more octets.
    String uid = "é".repeat(GussParser.MAX_LENGTH / 2);
    String xml =
        "<guss><ussList><uss id=\"1\" type=\"1\"><uids><uid>"
            + uid
            + "</uid></uids></uss></ussList></guss>";

    assertThat(xml.length()).isLessThanOrEqualTo(GussParser.MAX_LENGTH);
    assertThat(GussParser.parse(xml)).isInstanceOf(Result.Invalid.class);
  }
}
