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

  /**
   * netip.ParseAddr with the ip library's checks: the first {@code .}, {@code :} or {@code %} tells
   * IPv4 (with Go's field errors) from IPv6 (a problem in it is {@code unable to parse IP}).
   *
   * @throws IllegalArgumentException with the library's message
   */
  static Address parseAddress(String text) {
    String context = "IP Address " + JsonValues.quote(text) + " parse error during conversion from string: ";
    try {
      Address address = parseAddr(text);
      if (address == null) {
        throw new IllegalArgumentException("IP address " + JsonValues.quote(text) + " with zone value is not allowed");
      }
      return address;
    } catch (UnparsableAddress e) {
      throw new IllegalArgumentException(context + e.getMessage(), e);
    }
  }

  /** ParseAddr; null for a valid IPv6 address with a zone. */
  private static Address parseAddr(String text) {
    for (int i = 0; i < text.length(); i++) {
      switch (text.charAt(i)) {
        case '.':
          return parseV4(text);
        case ':':
          return parseV6(text);
        case '%':
          throw new UnparsableAddress(text, "missing IPv6 address", null);
        default:
          break;
      }
    }
    throw new UnparsableAddress(text, "unable to parse IP", null);
  }

  /** parseIPv4 of net/netip, with its messages. */
  private static Address parseV4(String text) {
    byte[] fields = new byte[4];
    int value = 0;
    int digits = 0;
    int position = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        if (digits == 1 && value == 0) {
          throw new UnparsableAddress(text, "IPv4 field has octet with leading zero", null);
        }
        value = value * 10 + c - '0';
        digits++;
        if (value > 255) {
          throw new UnparsableAddress(text, "IPv4 field has value >255", null);
        }
      } else if (c == '.') {
        if (i == 0 || i == text.length() - 1 || text.charAt(i - 1) == '.') {
          throw new UnparsableAddress(text, "IPv4 field must have at least one digit", text.substring(i));
        }
        if (position == 3) {
          throw new UnparsableAddress(text, "IPv4 address too long", null);
        }
        fields[position++] = (byte) value;
        value = 0;
        digits = 0;
      } else {
        throw new UnparsableAddress(text, "unexpected character", text.substring(i));
      }
    }
    if (position < 3) {
      throw new UnparsableAddress(text, "IPv4 address too short", null);
    }
    fields[3] = (byte) value;
    return new Address(fields);
  }

  /** An IPv6 address (Java's literal parser; never a name lookup, the text has a colon); null with a zone. */
  private static Address parseV6(String text) {
    int percent = text.indexOf('%');
    String address = percent < 0 ? text : text.substring(0, percent);
    if (!IPV6.matcher(address).matches() || percent >= 0 && percent == text.length() - 1) {
      throw new UnparsableAddress(text, "unable to parse IP", null);
    }
    InetAddress parsed;
    try {
      parsed = InetAddress.getByName(address);
    } catch (UnknownHostException e) {
      throw new UnparsableAddress(text, "unable to parse IP", null);
    }
    if (parsed instanceof Inet4Address) {
      throw new IllegalArgumentException("IPv4-mapped IPv6 address " + JsonValues.quote(text) + " is not allowed");
    }
    return percent < 0 ? new Address(parsed.getAddress()) : null;
  }

  /** net/netip's parseAddrError: {@code ParseAddr("<in>"): <msg>[ (at "<at>")]}. */
  private static final class UnparsableAddress extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UnparsableAddress(String in, String message, String at) {
      super("ParseAddr(" + JsonValues.quote(in) + "): " + message + (at == null ? "" : " (at " + JsonValues.quote(at) + ")"));
    }
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
      address = parseAddr(addressText);
    } catch (UnparsableAddress e) {
      throw new IllegalArgumentException(context + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("IPv4-mapped IPv6 address " + JsonValues.quote(text) + " is not allowed", e);
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
