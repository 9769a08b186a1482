package io.informer4j.kubernetes.testserver;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster IPs and node ports the API server allocates to Services (kubernetes/pkg/registry/core/service/ipallocator
 * and portallocator): cluster IPs from {@value #RANGE}, node ports from 30000–32767, none twice among
 * the stored Services. A requested address is checked against the range and the stored Services.
 * Each call is given the other stored Services. Thread-safe: allocation is synchronized and moves on
 * through the range, so concurrent creations get different addresses.
 */
final class ServiceAddresses {

  static final String RANGE = "10.96.0.0/12";
  static final int FIRST_NODE_PORT = 30000;
  static final int LAST_NODE_PORT = 32767;
  private static final int FIRST_IP = (10 << 24) | (96 << 16);
  private static final int IP_COUNT = 1 << 20;

  private int nextIp = 1;
  private int nextPort;

  /** Returns a free cluster IP; not one of {@code others}'. */
  synchronized String allocateIp(List<Map<String, Object>> others) {
    Set<String> used = usedIps(others);
    for (int tries = 0; tries < IP_COUNT; tries++) {
      int offset = nextIp;
      nextIp = nextIp + 1 >= IP_COUNT - 1 ? 1 : nextIp + 1;
      String ip = text(FIRST_IP + offset);
      if (!used.contains(ip)) {
        return ip;
      }
    }
    throw new RejectedRequest(Statuses.forbidden("failed to allocate a serviceIP: range is full"));
  }

  /** Returns why {@code ip} cannot be allocated (one of {@code others}', or out of the range), or null when it can. */
  synchronized String refuseIp(String ip, List<Map<String, Object>> others) {
    Integer address = parse(ip);
    if (address == null || address - FIRST_IP <= 0 || address - FIRST_IP >= IP_COUNT - 1) {
      return "failed to allocate IP " + ip + ": the provided IP (" + ip + ") is not in the valid range. "
          + "The range of valid IPs is " + RANGE;
    }
    return usedIps(others).contains(ip) ? "failed to allocate IP " + ip + ": provided IP is already allocated" : null;
  }

  /** Returns a free node port; not one of {@code others}' nor {@code taken}. */
  synchronized int allocatePort(List<Map<String, Object>> others, Set<Integer> taken) {
    Set<Integer> used = usedPorts(others);
    used.addAll(taken);
    int count = LAST_NODE_PORT - FIRST_NODE_PORT + 1;
    for (int tries = 0; tries < count; tries++) {
      int port = FIRST_NODE_PORT + nextPort;
      nextPort = (nextPort + 1) % count;
      if (!used.contains(port)) {
        return port;
      }
    }
    throw new RejectedRequest(Statuses.forbidden("failed to allocate a nodePort: range is full"));
  }

  /** Returns why {@code port} cannot be allocated (one of {@code others}', or out of the range), or null when it can. */
  synchronized String refusePort(int port, List<Map<String, Object>> others) {
    if (port < FIRST_NODE_PORT || port > LAST_NODE_PORT) {
      return "provided port is not in the valid range. The range of valid ports is " + FIRST_NODE_PORT + "-" + LAST_NODE_PORT;
    }
    return usedPorts(others).contains(port) ? "provided port is already allocated" : null;
  }

  private Set<String> usedIps(List<Map<String, Object>> others) {
    Set<String> used = new HashSet<>();
    for (Map<String, Object> service : others) {
      used.addAll(Documents.strings(Documents.childOrEmpty(service, "spec"), "clusterIPs"));
    }
    return used;
  }

  private Set<Integer> usedPorts(List<Map<String, Object>> others) {
    Set<Integer> used = new HashSet<>();
    for (Map<String, Object> service : others) {
      for (Map<String, Object> port : DefaultedFields.items(Documents.childOrEmpty(service, "spec"), "ports")) {
        if (port.get("nodePort") instanceof Number number) {
          used.add(number.intValue());
        }
      }
    }
    return used;
  }

  private static String text(int address) {
    return ((address >>> 24) & 0xff) + "." + ((address >>> 16) & 0xff) + "." + ((address >>> 8) & 0xff) + "." + (address & 0xff);
  }

  private static Integer parse(String ip) {
    String[] parts = ip.split("\\.", -1);
    if (parts.length != 4) {
      return null;
    }
    int address = 0;
    for (String part : parts) {
      if (!part.matches("[0-9]{1,3}") || Integer.parseInt(part) > 255) {
        return null;
      }
      address = (address << 8) | Integer.parseInt(part);
    }
    return address;
  }
}
