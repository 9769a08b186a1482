package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import io.informer4j.kubernetes.testserver.IpAddresses.Address;
import io.informer4j.kubernetes.testserver.IpAddresses.Prefix;
import java.util.List;

/**
 * The Kubernetes ip and cidr libraries for validation rules (k8s.io/apiserver pkg/cel/library/ip.go
 * and cidr.go): {@code ip(s)}, {@code isIP(s)}, {@code ip.isCanonical(s)}, {@code string(ip)} and on an
 * address {@code family()}, {@code isUnspecified()}, {@code isLoopback()},
 * {@code isLinkLocalMulticast()}, {@code isLinkLocalUnicast()}, {@code isGlobalUnicast()};
 * {@code cidr(s)}, {@code isCIDR(s)}, {@code string(cidr)} and on a prefix {@code containsIP(ip|s)},
 * {@code containsCIDR(cidr|s)}, {@code ip()}, {@code prefixLength()}, {@code masked()}. Addresses
 * and prefixes are read as {@link IpAddresses} reads them. Stateless.
 */
final class CelNetworkLibrary {

  /** The CEL type of an address. */
  static final CelType IP = OpaqueType.create("net.IP");
  /** The CEL type of a prefix. */
  static final CelType CIDR = OpaqueType.create("net.CIDR");

  private CelNetworkLibrary() {
  }

  /** Returns the declarations of the functions, for the compiler. */
  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("ip",
            CelOverloadDecl.newGlobalOverload("string_to_ip", IP, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload("cidr_ip", IP, CIDR)),
        CelFunctionDecl.newFunctionDeclaration("ip.isCanonical",
            CelOverloadDecl.newGlobalOverload("ip_is_canonical", SimpleType.BOOL, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("isIP",
            CelOverloadDecl.newGlobalOverload("is_ip", SimpleType.BOOL, SimpleType.STRING)),
        member("family", "ip_family", SimpleType.INT, IP),
        member("isUnspecified", "ip_is_unspecified", SimpleType.BOOL, IP),
        member("isLoopback", "ip_is_loopback", SimpleType.BOOL, IP),
        member("isLinkLocalMulticast", "ip_is_link_local_multicast", SimpleType.BOOL, IP),
        member("isLinkLocalUnicast", "ip_is_link_local_unicast", SimpleType.BOOL, IP),
        member("isGlobalUnicast", "ip_is_global_unicast", SimpleType.BOOL, IP),
        CelFunctionDecl.newFunctionDeclaration("string",
            CelOverloadDecl.newGlobalOverload("ip_to_string", SimpleType.STRING, IP),
            CelOverloadDecl.newGlobalOverload("cidr_to_string", SimpleType.STRING, CIDR)),
        CelFunctionDecl.newFunctionDeclaration("cidr",
            CelOverloadDecl.newGlobalOverload("string_to_cidr", CIDR, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("isCIDR",
            CelOverloadDecl.newGlobalOverload("is_cidr", SimpleType.BOOL, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("containsIP",
            CelOverloadDecl.newMemberOverload("cidr_contains_ip_string", SimpleType.BOOL, CIDR, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload("cidr_contains_ip_ip", SimpleType.BOOL, CIDR, IP)),
        CelFunctionDecl.newFunctionDeclaration("containsCIDR",
            CelOverloadDecl.newMemberOverload("cidr_contains_cidr_string", SimpleType.BOOL, CIDR, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload("cidr_contains_cidr", SimpleType.BOOL, CIDR, CIDR)),
        member("prefixLength", "cidr_prefix_length", SimpleType.INT, CIDR),
        member("masked", "cidr_masked", CIDR, CIDR));
  }

  /** Returns the implementations of the functions, for the runtime. */
  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("string_to_ip", String.class, CelNetworkLibrary::address),
        CelFunctionBinding.from("cidr_ip", Prefix.class, Prefix::address),
        CelFunctionBinding.from("ip_is_canonical", String.class, text -> address(text).toString().equals(text)),
        CelFunctionBinding.from("is_ip", String.class,
            text -> CelKubernetesLibrary.parses(() -> IpAddresses.parseAddress(text))),
        CelFunctionBinding.from("ip_family", Address.class, a -> a.isV4() ? 4L : 6L),
        CelFunctionBinding.from("ip_is_unspecified", Address.class, Address::isUnspecified),
        CelFunctionBinding.from("ip_is_loopback", Address.class, Address::isLoopback),
        CelFunctionBinding.from("ip_is_link_local_multicast", Address.class, Address::isLinkLocalMulticast),
        CelFunctionBinding.from("ip_is_link_local_unicast", Address.class, Address::isLinkLocalUnicast),
        CelFunctionBinding.from("ip_is_global_unicast", Address.class, Address::isGlobalUnicast),
        CelFunctionBinding.from("ip_to_string", Address.class, Address::toString),
        CelFunctionBinding.from("cidr_to_string", Prefix.class, Prefix::toString),
        CelFunctionBinding.from("string_to_cidr", String.class, CelNetworkLibrary::prefix),
        CelFunctionBinding.from("is_cidr", String.class,
            text -> CelKubernetesLibrary.parses(() -> IpAddresses.parsePrefix(text))),
        CelFunctionBinding.from("cidr_contains_ip_string", Prefix.class, String.class,
            (p, text) -> p.contains(address(text))),
        CelFunctionBinding.from("cidr_contains_ip_ip", Prefix.class, Address.class, Prefix::contains),
        CelFunctionBinding.from("cidr_contains_cidr_string", Prefix.class, String.class,
            (p, text) -> p.contains(prefix(text))),
        CelFunctionBinding.from("cidr_contains_cidr", Prefix.class, Prefix.class, Prefix::contains),
        CelFunctionBinding.from("cidr_prefix_length", Prefix.class, p -> (long) p.bits()),
        CelFunctionBinding.from("cidr_masked", Prefix.class, Prefix::masked));
  }

  private static CelFunctionDecl member(String name, String overload, CelType result, CelType argument) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(overload, result, argument));
  }

  private static Address address(String text) throws CelEvaluationException {
    try {
      return IpAddresses.parseAddress(text);
    } catch (IllegalArgumentException e) {
      throw new CelEvaluationException(e.getMessage());
    }
  }

  /** cidr(): the library wraps its parser's message once more (stringToCIDR). */
  private static Prefix prefix(String text) throws CelEvaluationException {
    try {
      return IpAddresses.parsePrefix(text);
    } catch (IllegalArgumentException e) {
      throw new CelEvaluationException("network address parse error during conversion from string: " + e.getMessage());
    }
  }
}
