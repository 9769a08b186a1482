package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;
import static io.informer4j.kubernetes.testserver.DefaultedFields.mapOrNull;
import static io.informer4j.kubernetes.testserver.DefaultedFields.orDefault;
import static io.informer4j.kubernetes.testserver.DefaultedFields.unset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The defaults the API server gives a pod spec, wherever one appears (a Pod, a workload's pod
 * template), from kubernetes/pkg/apis/core/v1/defaults.go: SetDefaults_PodSpec ({@code dnsPolicy}
 * ClusterFirst, {@code restartPolicy} Always, {@code terminationGracePeriodSeconds} 30,
 * {@code schedulerName} default-scheduler, {@code securityContext} {}), SetDefaults_Container
 * ({@code imagePullPolicy} Always for {@code :latest} or no tag, else IfNotPresent; the termination
 * message path and policy), SetDefaults_ContainerPort (protocol TCP), SetDefaults_Probe and
 * SetDefaults_HTTPGetAction, the volume sources' {@code defaultMode} 420 and an {@code emptyDir} for
 * a volume with no source, SetDefaults_ObjectFieldSelector ({@code apiVersion} v1); and resource
 * quantities in canonical form ({@link Quantities}). Stateless; changes the given maps.
 */
final class PodSpecDefaults {

  private static final List<String> CONTAINER_LISTS = List.of("initContainers", "containers", "ephemeralContainers");
  private static final List<String> MODE_SOURCES = List.of("secret", "configMap", "projected", "downwardAPI");
  private static final List<String> VOLUME_SOURCES = List.of("hostPath", "emptyDir", "gcePersistentDisk",
      "awsElasticBlockStore", "gitRepo", "secret", "nfs", "iscsi", "glusterfs", "persistentVolumeClaim", "rbd",
      "flexVolume", "cinder", "cephfs", "flocker", "downwardAPI", "fc", "azureFile", "configMap", "vsphereVolume",
      "quobyte", "azureDisk", "photonPersistentDisk", "projected", "portworxVolume", "scaleIO", "storageos", "csi",
      "ephemeral", "image");
  private static final int DEFAULT_MODE = 0644;

  private PodSpecDefaults() {
  }

  /**
   * Defaults a pod template's or a Pod's spec in place.
   *
   * @throws IllegalArgumentException with {@link Quantities#SYNTAX} for a quantity that is not one
   */
  static void apply(Map<String, Object> spec) {
    orDefault(spec, "dnsPolicy", "ClusterFirst");
    orDefault(spec, "restartPolicy", "Always");
    if (spec.get("securityContext") == null) {
      spec.put("securityContext", new LinkedHashMap<>());
    }
    orDefault(spec, "terminationGracePeriodSeconds", 30);
    orDefault(spec, "schedulerName", "default-scheduler");
    boolean hostNetwork = Boolean.TRUE.equals(spec.get("hostNetwork"));
    for (String list : CONTAINER_LISTS) {
      items(spec, list).forEach(container -> container(container, hostNetwork));
    }
    items(spec, "volumes").forEach(PodSpecDefaults::volume);
    canonicalResources(mapOrNull(spec, "overhead"));
    Map<String, Object> podResources = mapOrNull(spec, "resources");
    if (podResources != null) {
      resources(podResources);
    }
  }

  /**
   * Defaults a Pod (SetDefaults_Pod): its spec, {@code enableServiceLinks} true, and each
   * container's requests from its limits where it states none.
   */
  static void applyToPod(Map<String, Object> pod) {
    Map<String, Object> spec = Documents.child(pod, "spec");
    apply(spec);
    orDefault(spec, "enableServiceLinks", true);
    for (String list : List.of("initContainers", "containers")) {
      for (Map<String, Object> container : items(spec, list)) {
        Map<String, Object> resources = mapOrNull(container, "resources");
        Map<String, Object> limits = resources == null ? null : mapOrNull(resources, "limits");
        if (limits != null && !limits.isEmpty()) {
          Map<String, Object> requests = Documents.child(resources, "requests");
          limits.forEach(requests::putIfAbsent);
        }
      }
    }
  }

  private static void container(Map<String, Object> container, boolean hostNetwork) {
    if (unset(container, "imagePullPolicy")) {
      container.put("imagePullPolicy", "latest".equals(tag(Documents.text(container, "image"))) ? "Always" : "IfNotPresent");
    }
    orDefault(container, "terminationMessagePath", "/dev/termination-log");
    orDefault(container, "terminationMessagePolicy", "File");
    for (Map<String, Object> port : items(container, "ports")) {
      orDefault(port, "protocol", "TCP");
      if (hostNetwork && unset(port, "hostPort") && port.get("containerPort") != null) {
        port.put("hostPort", port.get("containerPort"));
      }
    }
    for (String probe : List.of("livenessProbe", "readinessProbe", "startupProbe")) {
      Map<String, Object> found = mapOrNull(container, probe);
      if (found != null) {
        probe(found);
      }
    }
    for (Map<String, Object> env : items(container, "env")) {
      Map<String, Object> valueFrom = mapOrNull(env, "valueFrom");
      Map<String, Object> fieldRef = valueFrom == null ? null : mapOrNull(valueFrom, "fieldRef");
      if (fieldRef != null) {
        orDefault(fieldRef, "apiVersion", "v1");
      }
    }
    Map<String, Object> resources = mapOrNull(container, "resources");
    if (resources != null) {
      resources(resources);
    }
  }

  /** Writes the quantities of a {@code ResourceRequirements} in canonical form. */
  static void resources(Map<String, Object> resources) {
    canonicalResources(mapOrNull(resources, "limits"));
    canonicalResources(mapOrNull(resources, "requests"));
  }

  /** Writes the quantities of a {@code ResourceList} (null: none) in canonical form. */
  static void canonicalResources(Map<String, Object> list) {
    if (list != null) {
      list.replaceAll((name, quantity) -> quantity == null ? null : Quantities.canonical(quantity));
    }
  }

  private static void probe(Map<String, Object> probe) {
    orDefault(probe, "timeoutSeconds", 1);
    orDefault(probe, "periodSeconds", 10);
    orDefault(probe, "successThreshold", 1);
    orDefault(probe, "failureThreshold", 3);
    Map<String, Object> httpGet = mapOrNull(probe, "httpGet");
    if (httpGet != null) {
      orDefault(httpGet, "path", "/");
      orDefault(httpGet, "scheme", "HTTP");
    }
  }

  private static void volume(Map<String, Object> volume) {
    if (VOLUME_SOURCES.stream().noneMatch(volume::containsKey)) {
      volume.put("emptyDir", new LinkedHashMap<>());
    }
    for (String source : MODE_SOURCES) {
      Map<String, Object> found = mapOrNull(volume, source);
      if (found != null) {
        orDefault(found, "defaultMode", DEFAULT_MODE);
      }
    }
    Map<String, Object> emptyDir = mapOrNull(volume, "emptyDir");
    if (emptyDir != null && emptyDir.get("sizeLimit") != null) {
      emptyDir.put("sizeLimit", Quantities.canonical(emptyDir.get("sizeLimit")));
    }
    Map<String, Object> hostPath = mapOrNull(volume, "hostPath");
    if (hostPath != null && !hostPath.containsKey("type")) {
      hostPath.put("type", "");
    }
  }

  /**
   * Returns the tag of an image reference as Docker's reference parser reads it: the text after the
   * last {@code :} of the last path element, {@code latest} when there is none, empty for a digest.
   */
  static String tag(String image) {
    if (image == null) {
      return "latest";
    }
    if (image.contains("@")) {
      return "";
    }
    String last = image.substring(image.lastIndexOf('/') + 1);
    int colon = last.lastIndexOf(':');
    return colon < 0 ? "latest" : last.substring(colon + 1);
  }
}
