package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A resource type the test server serves: what discovery says of it and how the server treats its
 * objects. Built-in types come from a fabric8 model class ({@link #of(Class)}), custom resources from
 * their CustomResourceDefinition. Immutable.
 *
 * @param type              the group, version and kind it is served as
 * @param storageType       the type its objects are stored as in the simulated API: {@code type}
 *                          itself, or the storage version of a multi-version CRD (conversion
 *                          strategy None: only {@code apiVersion} differs)
 * @param plural            the resource name in URLs
 * @param scope             namespaced or cluster-scoped
 * @param shortNames        discovery's short names ({@code cm}), for kubectl
 * @param categories        discovery's categories ({@code all}), for kubectl
 * @param statusSubresource true when {@code /status} is served: main-resource writes then keep the
 *                          stored status, status writes change nothing else
 * @param generation        when {@code metadata.generation} is bumped
 * @param selectableFields  the field selectors allowed besides {@code metadata.name} and
 *                          {@code metadata.namespace}; others are answered with 400
 */
public record ResourceType(TypeKey type, TypeKey storageType, String plural, Scope scope, List<String> shortNames,
                           List<String> categories, boolean statusSubresource, GenerationRule generation,
                           Set<String> selectableFields) {

  /** When the server bumps an object's {@code metadata.generation} (set to 1 on create). */
  public enum GenerationRule {
    /** When {@code spec} changes: built-in types with a spec (a Deployment's strategy). */
    SPEC,
    /** Never: the kind has no generation (ConfigMaps, Secrets, Namespaces, Services, ServiceAccounts...). */
    NONE,
    /**
     * When anything but {@code metadata} changes ({@code status} excluded too when the status
     * subresource is served): custom resources (the apiextensions-apiserver's
     * customResourceStrategy.PrepareForUpdate) and built-in types without a spec.
     */
    CONTENT
  }

  /** Copies the lists; @throws IllegalArgumentException if the plural is blank or has a slash */
  public ResourceType {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(storageType, "storageType");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(generation, "generation");
    if (plural == null || plural.isBlank() || plural.contains("/")) {
      throw new IllegalArgumentException("invalid plural '" + plural + "' for " + type);
    }
    shortNames = List.copyOf(shortNames);
    categories = List.copyOf(categories);
    selectableFields = Set.copyOf(selectableFields);
  }

  /**
   * Returns a type with no short names or categories, no status subresource, generation bumped on
   * any change but metadata, and no extra selectable fields.
   */
  public static ResourceType of(TypeKey type, String plural, Scope scope) {
    return new ResourceType(type, type, plural, scope, List.of(), List.of(), false, GenerationRule.CONTENT, Set.of());
  }

  /**
   * Returns the type of a fabric8 model class as the API server serves it: the group, version, kind
   * and plural of its annotations, its scope ({@link Namespaced}), a status subresource when the model
   * has {@code status}, a generation for the kinds whose registry strategy sets one
   * ({@link BuiltInTypes#hasGeneration}; and for custom resource classes) bumped on {@code spec}
   * changes when the model has a {@code spec}, and the short names, categories
   * and extra field selectors the API server declares for the well-known built-in kinds
   * ({@link BuiltInTypes}); {@code events.k8s.io/v1} Events are stored as core Events ({@link EventVersions}).
   *
   * @throws IllegalArgumentException if the class has no API version
   */
  public static ResourceType of(Class<? extends HasMetadata> modelClass) {
    String apiVersion = HasMetadata.getApiVersion(modelClass);
    if (apiVersion == null || apiVersion.isBlank()) {
      throw new IllegalArgumentException(modelClass.getName() + " has no @Group/@Version, so its API version is unknown");
    }
    TypeKey type = TypeKey.fromApiVersion(apiVersion, HasMetadata.getKind(modelClass));
    Scope scope = Namespaced.class.isAssignableFrom(modelClass) ? Scope.NAMESPACED : Scope.CLUSTER;
    boolean hasSpec = hasGetter(modelClass, "getSpec");
    boolean hasStatus = hasGetter(modelClass, "getStatus");
    BuiltInTypes.Facts facts = BuiltInTypes.facts(type, HasMetadata.getPlural(modelClass));
    GenerationRule generation = CustomResource.class.isAssignableFrom(modelClass)
        || BuiltInTypes.hasGeneration(type, HasMetadata.getPlural(modelClass))
        ? hasSpec ? GenerationRule.SPEC : GenerationRule.CONTENT : GenerationRule.NONE;
    return new ResourceType(type, EventVersions.storageOf(type), HasMetadata.getPlural(modelClass), scope, facts.shortNames(), facts.categories(),
        hasStatus, generation, facts.selectableFields());
  }

  /** Returns this type with other short names. */
  public ResourceType withShortNames(String... names) {
    return new ResourceType(type, storageType, plural, scope, List.of(names), categories, statusSubresource, generation,
        selectableFields);
  }

  /** Returns this type in other categories. */
  public ResourceType withCategories(String... names) {
    return new ResourceType(type, storageType, plural, scope, shortNames, List.of(names), statusSubresource, generation,
        selectableFields);
  }

  /** Returns this type with or without the status subresource. */
  public ResourceType withStatusSubresource(boolean served) {
    return new ResourceType(type, storageType, plural, scope, shortNames, categories, served, generation,
        selectableFields);
  }

  /** Returns this type with another generation rule. */
  public ResourceType withGeneration(GenerationRule rule) {
    return new ResourceType(type, storageType, plural, scope, shortNames, categories, statusSubresource, rule,
        selectableFields);
  }

  /** Returns this type with other extra selectable fields. */
  public ResourceType withSelectableFields(Set<String> fields) {
    return new ResourceType(type, storageType, plural, scope, shortNames, categories, statusSubresource, generation,
        fields);
  }

  /** Returns this type stored as {@code storage} (another version of the same group and kind). */
  ResourceType storedAs(TypeKey storage) {
    return new ResourceType(type, storage, plural, scope, shortNames, categories, statusSubresource, generation,
        selectableFields);
  }

  /** Returns the group and version as in {@code apiVersion}. */
  String apiVersion() {
    return type.apiVersion();
  }

  private static boolean hasGetter(Class<?> modelClass, String name) {
    try {
      modelClass.getMethod(name);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
