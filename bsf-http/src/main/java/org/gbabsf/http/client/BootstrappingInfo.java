package org.gbabsf.http.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The 200 OK body of Ub as a UE reads it (TS 24.109 Annex C): {@code
 * <BootstrappingInfo><btid/><lifetime/></BootstrappingInfo>} in namespace {@code uri:3gpp-gba}.
 *
 * @param btid the B-TID
 * @param lifetime the key lifetime's end, parsed from xs:dateTime
 */
public record BootstrappingInfo(String btid, Instant lifetime) {

  /** The namespace of the document. */
  public static final String NAMESPACE = "uri:3gpp-gba";

  /** Parses the body with a hardened DOM parser (no DTDs, no external entities). */
  public static Optional<BootstrappingInfo> parse(byte[] body) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setExpandEntityReferences(false);
      DocumentBuilder builder = f.newDocumentBuilder();
      builder.setErrorHandler(null);
      Document doc = builder.parse(new ByteArrayInputStream(body));
      if (!"BootstrappingInfo".equals(doc.getDocumentElement().getLocalName())
          || !NAMESPACE.equals(doc.getDocumentElement().getNamespaceURI())) {
        return Optional.empty();
      }
      NodeList btid = doc.getElementsByTagNameNS(NAMESPACE, "btid");
      NodeList lifetime = doc.getElementsByTagNameNS(NAMESPACE, "lifetime");
      if (btid.getLength() != 1 || lifetime.getLength() != 1) {
        return Optional.empty();
      }
      String text = lifetime.item(0).getTextContent().strip();
      if (!text.endsWith("Z")) {
        return Optional.empty();
      }
      return Optional.of(
          new BootstrappingInfo(btid.item(0).getTextContent().strip(), Instant.parse(text)));
    } catch (ParserConfigurationException | SAXException | IOException | DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
