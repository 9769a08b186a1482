package io.informer4j.kubernetes.testserver;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * IP addresses and prefixes read and written as Go's {@code net/netip} reads and writes them
 * (ParseAddr, ParsePrefix, Addr.String: dotted IPv4 without leading zeros, RFC 5952 IPv6), with the
 * errors the Kubernetes CEL ip and cidr libraries give (k8s.io/apiserver pkg/cel/library/ip.go and
 * cidr.go: no zones, no IPv4-mapped IPv6). Never resolves a name. Stateless.
 */
final class IpAddresses {

  private static final Pattern IPV4 = Pattern.compile("(0|[1-9][0-9]{0,2})(\\.(0|[1-9][0-9]{0,2})){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]+");

  private IpAddresses() {
  }

  /** An address: 4 or 16 bytes. */
  record Address(byte[] bytes) {
    int bits() {
      return bytes.length * 8;
    }

    boolean isV4() {
      return bytes.length == 4;
    }

    int octet(int i) {
      return bytes[i] & 0xff;
    }

    boolean isUnspecified() {
      for (byte b : bytes) {
        if (b != 0) {
          return false;
        }
      }
      return true;
    }

    boolean isLoopback() {
      if (isV4()) {
        return octet(0) == 127;
      }
      for (int i = 0; i < 15; i++) {
        if (bytes[i] != 0) {
          return false;
        }
      }
      return bytes[15] == 1;
    }

    boolean isMulticast() {
      return isV4() ? (octet(0) & 0xf0) == 0xe0 : octet(0) == 0xff;
    }

    boolean isLinkLocalMulticast() {
      return isV4() ? octet(0) == 224 && octet(1) == 0 && octet(2) == 0 : octet(0) == 0xff && (octet(1) & 0x0f) == 0x02;
    }

    boolean isLinkLocalUnicast() {
      return isV4() ? octet(0) == 169 && octet(1) == 254 : octet(0) == 0xfe && (octet(1) & 0xc0) == 0x80;
    }

    /** Addr.IsGlobalUnicast: not unspecified, broadcast, loopback, multicast nor link-local unicast. */
    boolean isGlobalUnicast() {
      boolean broadcast = isV4() && octet(0) == 255 && octet(1) == 255 && octet(2) == 255 && octet(3) == 255;
      return !isUnspecified() && !broadcast && !isLoopback() && !isMulticast() && !isLinkLocalUnicast();
    }

    /** Returns the address with all bits after the first {@code prefix} cleared. */
    Address masked(int prefix) {
      byte[] masked = bytes.clone();
      for (int i = 0; i < masked.length; i++) {
        int keep = Math.max(0, Math.min(8, prefix - i * 8));
        masked[i] = (byte) (masked[i] & (0xff << (8 - keep)));
      }
      return new Address(masked);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Address a && java.util.Arrays.equals(a.bytes, bytes);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(bytes);
    }

    /** Addr.String. */
    @Override
    public String toString() {
      if (isV4()) {
        return octet(0) + "." + octet(1) + "." + octet(2) + "." + octet(3);
      }
      int[] groups = new int[8];
      for (int i = 0; i < 8; i++) {
        groups[i] = octet(2 * i) << 8 | octet(2 * i + 1);
      }
      int bestStart = -1;
      int bestLength = 1;
      for (int i = 0; i < 8; i++) {
        int length = 0;
        while (i + length < 8 && groups[i + length] == 0) {
          length++;
        }
        if (length > bestLength) {
          bestStart = i;
          bestLength = length;
        }
      }
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        if (i == bestStart) {
          text.append("::");
          i += bestLength - 1;
        } else {
          if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
            text.append(':');
          }
          text.append(Integer.toHexString(groups[i]));
        }
      }
      return text.toString();
    }
  }

  /** A prefix: an address (not necessarily masked) and its length. */
  record Prefix(Address address, int bits) {
    boolean contains(Address other) {
      return other.bytes().length == address.bytes().length && other.masked(bits).equals(address.masked(bits));
    }

    /** Prefix.Overlaps and at most as long: {@code other} lies within this prefix. */
    boolean contains(Prefix other) {
      return other.bits >= bits && contains(other.address);
    }

    Prefix masked() {
      return new Prefix(address.masked(bits), bits);
    }

    @Override
    public String toString() {
      return address + "/" + bits;
    }
  }

  /** netip.ParseAddr with the ip library's checks. @throws IllegalArgumentException with its message */
  static Address parseAddress(String text) {
    if (text.contains("%")) {
      parseNoZone(text.substring(0, text.indexOf('%')), text);
      throw new IllegalArgumentException("IP address " + JsonValues.quote(text) + " with zone value is not allowed");
    }
    return parseNoZone(text, text);
  }

  private static Address parseNoZone(String text, String whole) {
    String unparsable = "IP Address " + JsonValues.quote(whole) + " parse error during conversion from string: ParseAddr("
        + JsonValues.quote(whole) + "): unable to parse IP";
    if (IPV4.matcher(text).matches()) {
      byte[] bytes = new byte[4];
      String[] parts = text.split("\\.");
      for (int i = 0; i < 4; i++) {
        int value = Integer.parseInt(parts[i]);
        if (value > 255) {
          throw new IllegalArgumentException(unparsable);
        }
        bytes[i] = (byte) value;
      }
      return new Address(bytes);
    }
    if (!text.contains(":") || !IPV6.matcher(text).matches()) {
      throw new IllegalArgumentException(unparsable);
    }
    InetAddress parsed;
    try {
      parsed = InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(unparsable, e);
    }
    if (parsed instanceof Inet4Address) {
      throw new IllegalArgumentException("IPv4-mapped IPv6 address " + JsonValues.quote(whole) + " is not allowed");
    }
    return new Address(parsed.getAddress());
  }

  /** netip.ParsePrefix with the cidr library's checks. @throws IllegalArgumentException with its message */
  static Prefix parsePrefix(String text) {
    String context = "network address parse error during conversion from string: netip.ParsePrefix("
        + JsonValues.quote(text) + "): ";
    int slash = text.lastIndexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException(context + "no '/'");
    }
    String addressText = text.substring(0, slash);
    if (addressText.contains("%")) {
      throw new IllegalArgumentException(context + "IPv6 zones cannot be present in a prefix");
    }
    Address address;
    try {
      address = parseNoZone(addressText, addressText);
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("IPv4-mapped")) {
        throw new IllegalArgumentException("IPv4-mapped IPv6 address " + JsonValues.quote(text) + " is not allowed", e);
      }
      throw new IllegalArgumentException(context + "ParseAddr(" + JsonValues.quote(addressText)
          + "): unable to parse IP", e);
    }
    String bits = text.substring(slash + 1);
    if (!bits.matches("0|[1-9][0-9]{0,2}")) {
      throw new IllegalArgumentException(context + "bad bits after slash: " + JsonValues.quote(bits));
    }
    int length = Integer.parseInt(bits);
    if (length > address.bits()) {
      throw new IllegalArgumentException(context + "prefix length out of range");
    }
    return new Prefix(address, length);
  }
}
