import TetherLayout
import TetherPhysics
import TetherScenario

extension FitPlan {
    /// The springy list's spring at `values`, per unit mass as `tether spring` prints it; nil
    /// without springy dynamics or when the values do not make a valid spring (frequency 0).
    public func spring(at values: [Double]) -> SpringParameters? {
        guard let scenario = try? scenario(at: values), case .springy(let configuration) = scenario.layoutScene?.dynamics else {
            return nil
        }
        return try? SpringParameters(frequency: configuration.frequency, dampingRatio: configuration.dampingRatio)
    }
}
