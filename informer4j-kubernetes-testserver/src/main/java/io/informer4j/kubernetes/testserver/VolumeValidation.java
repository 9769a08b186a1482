package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a pod spec's volumes and of its containers' volume mounts the API server makes
 * (kubernetes/pkg/apis/core/validation/validation.go: ValidateVolumes, validateVolumeSource, the
 * secret, configMap, persistentVolumeClaim, hostPath and key-to-path sources, ValidateVolumeMounts):
 * each volume named by a unique DNS-1123 label with exactly one source, the source's required
 * fields and file modes; each mount naming a volume without errors, with a path unique in the
 * container. Stateless.
 */
final class VolumeValidation {

  /**
   * The volume sources in the order validateVolumeSource looks at them, each with the name its
   * "more than 1 volume type" error gives the field (the API server's own spelling: {@code cephFS},
   * {@code downwarAPI}).
   */
  private static final List<Map.Entry<String, String>> SOURCES = List.of(Map.entry("emptyDir", "emptyDir"),
      Map.entry("hostPath", "hostPath"), Map.entry("gitRepo", "gitRepo"),
      Map.entry("gcePersistentDisk", "gcePersistentDisk"), Map.entry("awsElasticBlockStore", "awsElasticBlockStore"),
      Map.entry("secret", "secret"), Map.entry("nfs", "nfs"), Map.entry("iscsi", "iscsi"),
      Map.entry("glusterfs", "glusterfs"), Map.entry("flocker", "flocker"),
      Map.entry("persistentVolumeClaim", "persistentVolumeClaim"), Map.entry("rbd", "rbd"),
      Map.entry("cinder", "cinder"), Map.entry("cephfs", "cephFS"), Map.entry("quobyte", "quobyte"),
      Map.entry("downwardAPI", "downwarAPI"), Map.entry("fc", "fc"), Map.entry("flexVolume", "flexVolume"),
      Map.entry("configMap", "configMap"), Map.entry("azureFile", "azureFile"),
      Map.entry("vsphereVolume", "vsphereVolume"), Map.entry("photonPersistentDisk", "photonPersistentDisk"),
      Map.entry("portworxVolume", "portworxVolume"), Map.entry("azureDisk", "azureDisk"),
      Map.entry("storageos", "storageos"), Map.entry("projected", "projected"), Map.entry("scaleIO", "scaleIO"),
      Map.entry("csi", "csi"), Map.entry("ephemeral", "ephemeral"), Map.entry("image", "image"));
  private static final String FILE_MODE = "must be a number between 0 and 0777 (octal), both inclusive";
  private static final int MAX_FILE_MODE = 0777;

  private VolumeValidation() {
  }

  /**
   * Adds the errors of the volumes at {@code path} ({@code spec.volumes}) to {@code errors}; returns
   * the names of the volumes without errors, the ones mounts may name.
   */
  static Set<String> volumes(List<Map<String, Object>> volumes, String path, List<FieldError> errors) {
    Set<String> valid = new HashSet<>();
    for (int i = 0; i < volumes.size(); i++) {
      Map<String, Object> volume = volumes.get(i);
      String volumePath = path + "[" + i + "]";
      List<FieldError> found = new ArrayList<>();
      source(volume, volumePath, found);
      String name = Documents.text(volume, "name");
      if (name == null || name.isEmpty()) {
        found.add(FieldError.required(volumePath + ".name", ""));
      } else {
        Names.labelErrors(name).forEach(detail -> found.add(FieldError.invalid(volumePath + ".name", name, detail)));
      }
      if (name != null && valid.contains(name)) {
        found.add(new FieldError("FieldValueDuplicate", volumePath + ".name", name, ""));
      }
      if (found.isEmpty()) {
        valid.add(name);
      }
      errors.addAll(found);
    }
    return valid;
  }

  /** Adds the errors of a container's {@code volumeMounts} at {@code path} given the valid volumes. */
  static void mounts(List<Map<String, Object>> mounts, String path, Set<String> volumes, List<FieldError> errors) {
    Set<String> mountPaths = new HashSet<>();
    for (int i = 0; i < mounts.size(); i++) {
      Map<String, Object> mount = mounts.get(i);
      String mountPath = path + "[" + i + "]";
      String name = Documents.text(mount, "name");
      if (name == null || name.isEmpty()) {
        errors.add(FieldError.required(mountPath + ".name", ""));
      }
      if (!volumes.contains(name)) {
        errors.add(new FieldError("FieldValueNotFound", mountPath + ".name", name == null ? "" : name, ""));
      }
      String target = Documents.text(mount, "mountPath");
      if (target == null || target.isEmpty()) {
        errors.add(FieldError.required(mountPath + ".mountPath", ""));
      }
      String seen = target == null ? "" : target;
      if (!mountPaths.add(seen)) {
        errors.add(FieldError.invalid(mountPath + ".mountPath", seen, "must be unique"));
      }
    }
  }

  /** validateVolumeSource: exactly one source, then the checks of the common ones. */
  private static void source(Map<String, Object> volume, String path, List<FieldError> errors) {
    int sources = 0;
    for (Map.Entry<String, String> source : SOURCES) {
      if (!(volume.get(source.getKey()) instanceof Map<?, ?> value)) {
        continue;
      }
      if (sources > 0) {
        errors.add(FieldError.forbidden(path + "." + source.getValue(), "may not specify more than 1 volume type"));
        continue;
      }
      sources++;
      sourceFields(source.getKey(), value, path + "." + source.getKey(), errors);
    }
    if (sources == 0) {
      errors.add(FieldError.required(path, "must specify a volume type"));
    }
  }

  private static void sourceFields(String kind, Map<?, ?> source, String path, List<FieldError> errors) {
    switch (kind) {
      case "secret" -> {
        requiredText(source, "secretName", path, errors);
        projections(source, path, errors);
      }
      case "configMap" -> {
        requiredText(source, "name", path, errors);
        projections(source, path, errors);
      }
      case "persistentVolumeClaim" -> requiredText(source, "claimName", path, errors);
      case "hostPath" -> requiredText(source, "path", path, errors);
      default -> {
      }
    }
  }

  /** The {@code defaultMode} and {@code items} (validateKeyToPath) of a secret or configMap source. */
  private static void projections(Map<?, ?> source, String path, List<FieldError> errors) {
    fileMode(source, "defaultMode", path, errors);
    List<Map<String, Object>> items = items(source, "items");
    for (int i = 0; i < items.size(); i++) {
      Map<String, Object> item = items.get(i);
      String itemPath = path + ".items[" + i + "]";
      requiredText(item, "key", itemPath, errors);
      requiredText(item, "path", itemPath, errors);
      fileMode(item, "mode", itemPath, errors);
    }
  }

  private static void fileMode(Map<?, ?> map, String key, String path, List<FieldError> errors) {
    if (map.get(key) instanceof Number mode && (mode.longValue() < 0 || mode.longValue() > MAX_FILE_MODE)) {
      errors.add(FieldError.invalid(path + "." + key, null, mode + ": " + FILE_MODE));
    }
  }

  private static void requiredText(Map<?, ?> map, String key, String path, List<FieldError> errors) {
    String value = Documents.text(map, key);
    if (value == null || value.isEmpty()) {
      errors.add(FieldError.required(path + "." + key, ""));
    }
  }
}
